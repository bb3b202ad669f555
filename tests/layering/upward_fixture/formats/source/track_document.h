#pragma once

#include "trackwright/format/vec.h"
