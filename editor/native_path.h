#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <filesystem>
#include <string>

namespace editor {

// A Linux file name is bytes, not text: twbake opens `caf\xe9.twtrack` (Latin-1), but Qt turns
// every byte that is not UTF-8 into U+FFFD and the file can no longer be named. The editor carries
// such names in a QString the way Python's "surrogateescape" does, and turns them back into the
// same bytes wherever it touches the file system through formats/ or POSIX. Qt's own file classes
// (QFile, QFileInfo's checks, QFileSystemWatcher, the file dialogs, QSettings) still see the
// U+FFFD name: docs/hardening.md lists what that leaves out.

/// `bytes` (a file name, a command-line argument) as a QString: UTF-8 decoded, and each byte that
/// is not part of a well-formed UTF-8 sequence kept as the lone surrogate U+DC80 + (byte − 0x80),
/// so nativeFromPath gives the very same bytes back.
QString pathFromNative(const QByteArray& bytes);
/// The bytes of `path` for the file system: UTF-8, with pathFromNative's lone surrogates
/// U+DC80–U+DCFF back as the bytes 0x80–0xFF they stand for (any other lone surrogate, which no
/// file name decodes to, as U+FFFD).
QByteArray nativeFromPath(const QString& path);
/// nativeFromPath as a std::filesystem::path, for formats:: and std:: file functions.
std::filesystem::path nativePath(const QString& path);
/// Whether `path` (its own bytes) names a regular file, or a link to one.
bool isNativeFile(const QString& path);
/// Text from formats:: (an error or a diagnostic naming a path) as a QString, its path's bytes
/// kept as pathFromNative keeps them (QString::fromStdString would make them U+FFFD).
QString textFromNative(const std::string& text);
/// The command line as pathFromNative reads each argument (QCoreApplication::arguments() decodes
/// them with U+FFFD). Pass the argc and argv QApplication has already taken its own options from.
QStringList argumentsFromNative(int argc, const char* const* argv);

} // namespace editor
