#include "editor/native_path.h"

namespace editor {
namespace {

constexpr char16_t kEscapedByteBase = 0xDC00;  ///< U+DC80..U+DCFF stand for the bytes 0x80..0xFF

/// The length of the well-formed UTF-8 sequence at `at` (RFC 3629: no overlong forms, no encoded
/// surrogates, nothing above U+10FFFF) and its code point; 0 when the byte there starts none.
int wellFormedSequence(const QByteArray& bytes, qsizetype at, char32_t& codePoint) {
    const auto byte = [&](qsizetype i) { return static_cast<unsigned char>(bytes[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) {
        codePoint = lead;
        return 1;
    }
    int length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;   // overlong below U+0800
        if (lead == 0xED) high = 0x9F;  // U+D800..U+DFFF, the surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;   // overlong below U+10000
        if (lead == 0xF4) high = 0x8F;  // above U+10FFFF
    } else {
        return 0;
    }
    if (at + length > bytes.size()) return 0;
    if (byte(at + 1) < low || byte(at + 1) > high) return 0;
    char32_t value = lead & (0x7F >> length);
    for (int i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xC0) != 0x80) return 0;
        value = (value << 6) | (byte(at + i) & 0x3F);
    }
    codePoint = value;
    return length;
}

} // namespace

QString pathFromNative(const QByteArray& bytes) {
    QString path;
    path.reserve(bytes.size());
    for (qsizetype at = 0; at < bytes.size();) {
        char32_t codePoint = 0;
        if (const int length = wellFormedSequence(bytes, at, codePoint); length > 0) {
            path += QString::fromUcs4(&codePoint, 1);
            at += length;
        } else {
            path += QChar(static_cast<char16_t>(kEscapedByteBase + static_cast<unsigned char>(bytes[at])));
            ++at;
        }
    }
    return path;
}

QByteArray nativeFromPath(const QString& path) {
    QByteArray bytes;
    bytes.reserve(path.size());
    for (qsizetype i = 0; i < path.size(); ++i) {
        const QChar c = path[i];
        if (c.isHighSurrogate() && i + 1 < path.size() && path[i + 1].isLowSurrogate()) {
            bytes += QString(path.constData() + i, 2).toUtf8();
            ++i;
        } else if (c.isLowSurrogate() && c.unicode() >= kEscapedByteBase + 0x80 && c.unicode() <= kEscapedByteBase + 0xFF) {
            bytes += static_cast<char>(c.unicode() - kEscapedByteBase);
        } else if (c.isSurrogate()) {
            bytes += "\xEF\xBF\xBD";  // U+FFFD
        } else {
            bytes += QString(c).toUtf8();
        }
    }
    return bytes;
}

std::filesystem::path nativePath(const QString& path) { return std::filesystem::path(nativeFromPath(path).toStdString()); }

bool isNativeFile(const QString& path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(nativePath(path), ec);
}

QString textFromNative(const std::string& text) { return pathFromNative(QByteArray::fromStdString(text)); }

QStringList argumentsFromNative(int argc, const char* const* argv) {
    QStringList arguments;
    for (int i = 0; i < argc; ++i) arguments << pathFromNative(QByteArray(argv[i]));
    return arguments;
}

} // namespace editor
