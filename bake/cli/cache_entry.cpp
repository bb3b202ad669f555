#include "bake/cli/cache_entry.h"

#include <cereal/archives/binary.hpp>
#include <cereal/types/optional.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstdint>
#include <cstring>
#include <sstream>

namespace formats {

template <class Archive> void serialize(Archive& archive, Diagnostic& d) {
    archive(d.severity, d.code, d.message, d.jsonPath, d.route, d.node, d.otherNode, d.line, d.column);
}

} // namespace formats

namespace bake::cli {
namespace {

constexpr std::string_view kMagic = "TWCACHE1";
constexpr std::size_t kChecksumAt = kMagic.size();
constexpr std::size_t kDiagnosticSizeAt = kChecksumAt + sizeof(std::uint64_t);
constexpr std::size_t kHeaderBytes = kDiagnosticSizeAt + sizeof(std::uint64_t);

std::size_t alignedTo8(std::size_t offset) { return (offset + 7) / 8 * 8; }

void putU64(std::string& out, std::size_t at, std::uint64_t value) { std::memcpy(out.data() + at, &value, sizeof value); }

std::uint64_t getU64(std::string_view in, std::size_t at) {
    std::uint64_t value;
    std::memcpy(&value, in.data() + at, sizeof value);
    return value;
}

std::uint64_t checksumOf(std::string_view entry) { return XXH3_64bits(entry.data() + kDiagnosticSizeAt, entry.size() - kDiagnosticSizeAt); }

} // namespace

std::string encodeCacheEntry(const formats::Diagnostics& diagnostics, std::string_view bake) {
    std::ostringstream encoded;
    {
        cereal::BinaryOutputArchive archive(encoded);
        archive(diagnostics);
    }
    const std::string diagnosticBytes = encoded.str();
    std::string entry(kHeaderBytes, '\0');
    std::memcpy(entry.data(), kMagic.data(), kMagic.size());
    putU64(entry, kDiagnosticSizeAt, diagnosticBytes.size());
    entry += diagnosticBytes;
    entry.resize(alignedTo8(entry.size()), '\0');
    entry.append(bake);
    putU64(entry, kChecksumAt, checksumOf(entry));
    return entry;
}

std::optional<DecodedCacheEntry> decodeCacheEntry(std::string_view entry) {
    if (entry.size() < kHeaderBytes || entry.substr(0, kMagic.size()) != kMagic) return std::nullopt;
    if (getU64(entry, kChecksumAt) != checksumOf(entry)) return std::nullopt;
    const std::uint64_t diagnosticBytes = getU64(entry, kDiagnosticSizeAt);
    if (diagnosticBytes > entry.size() - kHeaderBytes) return std::nullopt;
    DecodedCacheEntry decoded;
    decoded.bakeOffset = alignedTo8(kHeaderBytes + diagnosticBytes);
    if (decoded.bakeOffset > entry.size()) return std::nullopt;
    try {
        std::istringstream encoded(std::string(entry.substr(kHeaderBytes, diagnosticBytes)));
        cereal::BinaryInputArchive archive(encoded);
        archive(decoded.diagnostics);
    } catch (const std::exception&) {
        return std::nullopt;  // written by another version of the format: a miss
    }
    return decoded;
}

} // namespace bake::cli
