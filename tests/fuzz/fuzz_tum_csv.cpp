// libFuzzer target: the TUM racetrack CSV importer (and the racing-line CSV it may take) on
// arbitrary text; an imported document is validated.
#include "formats/track_import.h"
#include "formats/validate.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // The input's second half, when it has a separator line, stands for a racing-line file.
    const std::size_t split = text.find("\n---\n");
    const std::string_view centre = split == std::string_view::npos ? text : text.substr(0, split);
    const std::string_view line = split == std::string_view::npos ? std::string_view{} : text.substr(split + 5);
    const formats::ImportResult imported = formats::importTumCsv(centre, "fuzz", {}, line);
    if (imported.document) (void)formats::validate(*imported.document);
    return 0;
}
