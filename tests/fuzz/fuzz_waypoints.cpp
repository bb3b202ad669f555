// libFuzzer target: the plain waypoint CSV importer on arbitrary text, open and closed; an
// imported document is validated.
#include "formats/track_import.h"
#include "formats/validate.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    formats::WaypointImportOptions options;
    options.closed = size % 2 == 1;
    const formats::ImportResult imported = formats::importWaypoints(text, "fuzz", options);
    if (imported.document) (void)formats::validate(*imported.document);
    return 0;
}
