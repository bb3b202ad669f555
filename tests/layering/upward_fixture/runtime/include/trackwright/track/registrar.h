#pragma once

#include "trackwright/format/vec.h"
// planted: a public header includes a private one
#include "runtime/track/registrar_detail.h"

// planted: M_PI, which MSVC does not define, in a public header
inline constexpr double kHalfTurn = M_PI;
