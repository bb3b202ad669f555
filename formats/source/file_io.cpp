#include "formats/source/file_io.h"

#include <fstream>
#include <sstream>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace formats {

std::optional<std::string> readWholeFile(const std::filesystem::path& path, std::string& error) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        error = "cannot read " + path.string() + ": " +
            (std::filesystem::exists(path, ec) ? "not a regular file" : "no such file");
        return std::nullopt;
    }
    std::ifstream file(path, std::ios::binary);
    std::ostringstream contents;
    if (file) contents << file.rdbuf();
    if (!file || file.bad()) {
        error = "cannot read " + path.string() + ": " + std::strerror(errno);
        return std::nullopt;
    }
    return contents.str();
}

bool writeFileAtomically(const std::filesystem::path& path, std::string_view contents, std::string& error) {
    const std::filesystem::path directory = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
    std::string tempName = (directory / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
    const int fd = ::mkstemp(tempName.data());
    if (fd < 0) {
        error = "cannot create a temporary file next to " + path.string() + ": " + std::strerror(errno);
        return false;
    }
    auto fail = [&](const char* what) {
        error = std::string(what) + " " + path.string() + ": " + std::strerror(errno);
        ::close(fd);
        ::unlink(tempName.c_str());
        return false;
    };
    const char* data = contents.data();
    std::size_t remaining = contents.size();
    while (remaining > 0) {
        const ssize_t written = ::write(fd, data, remaining);
        if (written < 0) {
            if (errno == EINTR) continue;
            return fail("cannot write");
        }
        data += written;
        remaining -= static_cast<std::size_t>(written);
    }
    // mkstemp creates 0600: keep the replaced file's permissions, or give a new one the usual 0644
    // (umask() would tell the user's preference but is process-global and racy).
    struct stat existing {};
    const mode_t mode = ::stat(path.c_str(), &existing) == 0 ? (existing.st_mode & 07777) : 0644;
    if (::fchmod(fd, mode) != 0) return fail("cannot set permissions of");
    if (::fsync(fd) != 0) return fail("cannot flush");
    if (::close(fd) != 0) {
        error = "cannot close " + tempName + ": " + std::strerror(errno);
        ::unlink(tempName.c_str());
        return false;
    }
    if (::rename(tempName.c_str(), path.c_str()) != 0) {
        error = "cannot replace " + path.string() + ": " + std::strerror(errno);
        ::unlink(tempName.c_str());
        return false;
    }
    // Make the rename itself durable; a failure here leaves a complete file in place, so it is not an error.
    const int dirFd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY);
    if (dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return true;
}

} // namespace formats
