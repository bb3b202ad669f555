#include "formats/source/file_io.h"
#include "formats/source/track_json.h"
#include "formats/validate/validate.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>

namespace {

/// Deterministic byte-level corruption: flips, deletions, insertions of JSON punctuation and
/// numbers that break structure, types and values in every way a hand edit or a bad merge can.
class Mutator {
public:
    explicit Mutator(std::uint64_t seed) : m_state(seed) {}

    std::string mutate(std::string text) {
        const int edits = 1 + static_cast<int>(next() % 4);
        for (int i = 0; i < edits && !text.empty(); ++i) {
            const std::size_t at = next() % text.size();
            static const char* kInserts[] = {"{", "}", "[", "]", ",", ":", "\"", "-1", "NaN", "1e308", "-Infinity",
                                             "null", "true", "4294967296", "0.0", "\"x\": 1,"};
            switch (next() % 4) {
            case 0: text[at] = static_cast<char>(next() % 128); break;
            case 1: text.erase(at, 1 + next() % 16); break;
            case 2: text.insert(at, kInserts[next() % std::size(kInserts)]); break;
            default: {
                // Replace a digit run with another number: keeps the syntax, breaks the values.
                const std::size_t digit = text.find_first_of("0123456789", at);
                if (digit != std::string::npos) text.replace(digit, 1, std::to_string(static_cast<int>(next() % 40000) - 20000));
            }
            }
        }
        return text;
    }

private:
    std::uint64_t next() {
        m_state = m_state * 6364136223846793005ull + 1442695040888963407ull;
        return m_state >> 33;
    }
    std::uint64_t m_state;
};

TEST(LoaderRobustness, CorruptedSamplesGiveDiagnosticsNeverACrash) {
    std::size_t loaded = 0;
    std::size_t rejected = 0;
    for (const auto& entry : std::filesystem::directory_iterator(TRACKWRIGHT_SAMPLES_DIR)) {
        if (entry.path().extension() != ".twtrack") continue;
        std::string error;
        const std::optional<std::string> original = formats::readWholeFile(entry.path(), error);
        ASSERT_TRUE(original) << error;
        const int rounds = original->size() > 100000 ? 60 : 400;
        Mutator mutator(std::hash<std::string>{}(entry.path().filename().string()));
        for (int round = 0; round < rounds; ++round) {
            const formats::TrackLoadResult result = formats::parseTrackJson(mutator.mutate(*original));
            if (result.document) {
                ++loaded;
                (void)formats::validate(*result.document);
            } else {
                ++rejected;
                ASSERT_FALSE(result.diagnostics.empty());
            }
        }
    }
    // Both paths must have been exercised for the test to mean anything.
    EXPECT_GT(loaded, 10u);
    EXPECT_GT(rejected, 10u);
}

} // namespace
