#pragma once

#include "trackwright/format/vec.h"
// planted: a public header includes a private one
#include "runtime/track/registrar_detail.h"
