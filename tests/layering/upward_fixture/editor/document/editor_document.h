#pragma once

#include <QObject>
#include "bake/pipeline/bake_track.h"
