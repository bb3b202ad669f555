#pragma once

#include <filesystem>

namespace formats {

/// True when `a` and `b` name the same file: through symbolic links, `..`, hard links, or, when
/// either does not exist yet, the same absolute path once the links of its existing part are
/// followed. The first rule of the output-path policy (docs/hardening.md): twbake checks every
/// output against every input and every other output with it, and the editor's export checks its
/// output against the open track and its autosave.
bool sameFile(const std::filesystem::path& a, const std::filesystem::path& b);

} // namespace formats
