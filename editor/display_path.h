#pragma once

#include <QString>

class QMessageBox;
class QWidget;

namespace editor {

// A file name is whatever bytes its creator chose: ESC and BEL, a right-to-left override (U+202E)
// that shows `x<RLO>kcart.exe` as `xexe.track`, bytes that are not UTF-8, `[*]` and `&` that Qt
// reads as its own markers, a `<img>` tag a message box renders. Whatever the editor shows of a
// path or of a message naming one goes through these first.

/// `path` as the editor shows it: control characters (C0 and DEL as \x1b, C1 as \u0085),
/// bidirectional controls and line separators (\u202e, \u2028) and the bytes that were not UTF-8
/// (native_path.h's lone surrogates, as \xe9) written as visible escapes. Everything else, accents
/// and scripts included, is shown as it is.
QString displayPath(const QString& path);
/// displayPath for a message of several lines that names paths (an error, a list of diagnostics):
/// its line breaks stay line breaks.
QString displayText(const QString& text);
/// For QWidget::setWindowTitle: each `[*]` doubled, so the title shows it instead of taking it for
/// the place of the modified marker.
QString windowTitleText(const QString& text);
/// For the text of a menu entry or a button: each `&` doubled, so it is shown instead of making
/// the next letter the entry's shortcut.
QString menuText(const QString& text);
/// For a tool tip: `text` shown as written, never taken for rich text (a tool tip, like a message
/// box, renders a text that starts with a tag).
QString toolTipText(const QString& text);

/// Makes `box` show its text and informative text as plain text: a QMessageBox guesses rich text
/// from a tag near the start (Qt::mightBeRichText), which a file name can hold. Call after the
/// texts are set.
void showPlainText(QMessageBox& box);
/// QMessageBox::warning with an OK button, its text plain (showPlainText) and shown with
/// displayText.
void warnPlainly(QWidget* parent, const QString& title, const QString& text);

} // namespace editor
