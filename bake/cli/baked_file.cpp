#include "bake/cli/baked_file.h"

#include "bake/cli/exit_codes.h"

#include "formats/file_io.h"

#include <cstring>

namespace bake::cli {

int loadBakeFile(const std::string& path, LoadedBake& bake, std::ostream& err, const char* command) {
    std::string error;
    const std::optional<std::string> bytes = formats::readWholeFile(path, error);
    if (!bytes) {
        err << "twbake " << command << ": " << error << '\n';
        return kExitIo;
    }
    bake.storage.assign((bytes->size() + 7) / 8, 0);
    std::memcpy(bake.storage.data(), bytes->data(), bytes->size());
    const runtime::LoadStatus status =
        runtime::loadBakedTrack({reinterpret_cast<const std::byte*>(bake.storage.data()), bytes->size()}, bake.track);
    if (status != runtime::LoadStatus::Ok) {
        err << path << ": error: " << formats::describeBakedLoadStatus(status) << '\n';
        return kExitInvalidInput;
    }
    return kExitOk;
}

} // namespace bake::cli
