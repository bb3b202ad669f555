#pragma once

// The baked format's public names (trackwright::format::Vec2, BakedNode, kNoRoute …) are what a game
// sees. Inside Trackwright, formats/ builds on them and the layers above have always named them
// formats::…: this makes both spellings one, for code above the runtime only (the runtime and the
// installed headers say trackwright::format).

#include "trackwright/format/baked_format.h"
#include "trackwright/format/baked_reader.h"
#include "trackwright/format/vec.h"

namespace formats {
using namespace trackwright::format;
} // namespace formats
