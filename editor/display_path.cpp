#include "editor/display_path.h"

#include <QLabel>
#include <QMessageBox>

namespace editor {
namespace {

/// Characters that move, reorder or hide text rather than show themselves.
bool isBidiOrSeparator(char16_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x2028 ||
           c == 0x2029;
}

QString escaped(const QString& text, bool keepLineBreaks) {
    QString shown;
    shown.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        const bool pair = QChar::isHighSurrogate(c) && i + 1 < text.size() && text[i + 1].isLowSurrogate();
        if (pair) {
            shown += text[i];
            shown += text[++i];
        } else if (c == u'\n' && keepLineBreaks) {
            shown += text[i];
        } else if (c < 0x20 || c == 0x7F) {
            shown += QStringLiteral("\\x%1").arg(static_cast<unsigned>(c), 2, 16, QLatin1Char('0'));
        } else if (c >= 0xDC80 && c <= 0xDCFF) {  // a byte that was not UTF-8 (native_path.h)
            shown += QStringLiteral("\\x%1").arg(static_cast<unsigned>(c - 0xDC00), 2, 16, QLatin1Char('0'));
        } else if ((c >= 0x80 && c <= 0x9F) || isBidiOrSeparator(c) || QChar::isSurrogate(c)) {
            shown += QStringLiteral("\\u%1").arg(static_cast<unsigned>(c), 4, 16, QLatin1Char('0'));
        } else {
            shown += text[i];
        }
    }
    return shown;
}

} // namespace

QString displayPath(const QString& path) { return escaped(path, false); }

QString displayText(const QString& text) { return escaped(text, true); }

QString windowTitleText(const QString& text) {
    QString doubled = text;
    return doubled.replace(QStringLiteral("[*]"), QStringLiteral("[*][*]"));
}

QString menuText(const QString& text) {
    QString doubled = text;
    return doubled.replace(QLatin1Char('&'), QStringLiteral("&&"));
}

QString toolTipText(const QString& text) {
    // Rich text always, so the escaped text is never guessed to be plain with `&lt;` left in it.
    return QStringLiteral("<nobr>%1</nobr>").arg(text.toHtmlEscaped());
}

void showPlainText(QMessageBox& box) {
    box.setTextFormat(Qt::PlainText);
    // The informative text has a label of its own that keeps guessing.
    for (QLabel* label : box.findChildren<QLabel*>()) label->setTextFormat(Qt::PlainText);
}

void warnPlainly(QWidget* parent, const QString& title, const QString& text) {
    QMessageBox box(QMessageBox::Warning, title, displayText(text), QMessageBox::Ok, parent);
    showPlainText(box);
    box.exec();
}

} // namespace editor
