#pragma once

// What README.md's C++ snippet assumes a game has: the .twbake bytes it keeps, 8-byte aligned.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <span>
#include <vector>

namespace tw::snippet {

class Context {
public:
    Context() {
        std::ifstream file(TRACKWRIGHT_SNIPPET_TRACK, std::ios::binary);
        const std::vector<char> raw((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        m_storage.resize((raw.size() + 7) / 8);
        if (!raw.empty()) std::memcpy(m_storage.data(), raw.data(), raw.size());
        m_size = raw.size();
    }
    std::span<const std::byte> bytes() const { return {reinterpret_cast<const std::byte*>(m_storage.data()), m_size}; }

private:
    std::vector<std::uint64_t> m_storage;
    std::size_t m_size = 0;
};

} // namespace tw::snippet
