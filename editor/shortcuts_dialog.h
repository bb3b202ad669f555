#pragma once

#include <QDialog>

class QMenuBar;
class QTreeWidget;
class QToolBar;

namespace editor {

/// Help ▸ Keyboard Shortcuts: every action of the menus and the tool bar that has a key, grouped by
/// menu, read from the actions themselves when the dialog opens, so the list is never out of date.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    ShortcutsDialog(const QMenuBar* menus, const QToolBar* tools, QWidget* parent = nullptr);

    /// The rows shown: "group/action text" → key, as the user reads them (for tests).
    QList<QPair<QString, QString>> rows() const;

private:
    QTreeWidget* m_tree = nullptr;
};

} // namespace editor
