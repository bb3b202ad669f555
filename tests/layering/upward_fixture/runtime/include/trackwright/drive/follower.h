#pragma once

#include "trackwright/track/registrar.h"
