#include "bake/cli/baked_file.h"

#include "bake/cli/exit_codes.h"

#include "formats/source/file_io.h"

#include <cstring>

namespace bake::cli {

int loadBakeFile(const std::string& path, LoadedBake& bake, std::ostream& err, const char* command) {
    std::string error;
    const std::optional<std::string> bytes = formats::readWholeFile(path, error);
    if (!bytes) {
        err << "twbake " << command << ": " << error << '\n';
        return kExitIo;
    }
    const trackwright::LoadStatus status = loadBakedBytes(bytes->data(), bytes->size(), bake);
    if (status != trackwright::LoadStatus::Ok) {
        char why[192];
        err << path << ": error: "
            << formats::describeBakedLoad({reinterpret_cast<const std::byte*>(bytes->data()), bytes->size()}, status, why, sizeof why) << '\n';
        return kExitInvalidInput;
    }
    return kExitOk;
}

} // namespace bake::cli
