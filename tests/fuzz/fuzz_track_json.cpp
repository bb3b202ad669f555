// libFuzzer target: the .twtrack loader and the validator on arbitrary text. Neither may crash,
// hang or trip a sanitizer, whatever the input; a loaded document is validated as the editor and
// the bake would.
#include "formats/track_json.h"
#include "formats/validate.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const formats::TrackLoadResult loaded = formats::parseTrackJson(std::string_view(reinterpret_cast<const char*>(data), size));
    if (loaded.document) (void)formats::validate(*loaded.document);
    return 0;
}
