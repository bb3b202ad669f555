#include "editor/shortcuts_dialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QToolBar>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <functional>

namespace editor {
namespace {

/// "&Save As…" as a menu shows it: "Save As…".
QString plainText(const QAction* action) {
    QString text = action->text();
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    return text;
}

/// Adds a group for `title` with every action under `actions` (submenus' too) that has a key.
void addGroup(QTreeWidget* tree, const QString& title, const QList<QAction*>& actions) {
    auto* group = new QTreeWidgetItem(tree, {title});
    QFont bold = group->font(0);
    bold.setBold(true);
    group->setFont(0, bold);
    const std::function<void(const QList<QAction*>&, const QString&)> walk = [&](const QList<QAction*>& list, const QString& prefix) {
        for (const QAction* action : list) {
            if (action->menu()) {
                walk(action->menu()->actions(), prefix + plainText(action) + QStringLiteral(" ▸ "));
                continue;
            }
            if (action->isSeparator() || action->shortcut().isEmpty()) continue;
            new QTreeWidgetItem(group, {prefix + plainText(action), action->shortcut().toString(QKeySequence::NativeText)});
        }
    };
    walk(actions, QString());
    if (group->childCount() == 0) delete group;
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menus, const QToolBar* tools, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Keyboard Shortcuts"));
    setObjectName("shortcutsDialog");
    m_tree = new QTreeWidget(this);
    m_tree->setHeaderLabels({tr("Action"), tr("Key")});
    m_tree->setRootIsDecorated(false);
    m_tree->setSelectionMode(QAbstractItemView::NoSelection);
    if (tools) addGroup(m_tree, tools->windowTitle(), tools->actions());
    for (const QAction* menu : menus->actions())
        if (menu->menu()) addGroup(m_tree, plainText(menu), menu->menu()->actions());
    m_tree->expandAll();
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tree);
    layout->addWidget(buttons);
    resize(460, 520);
}

QList<QPair<QString, QString>> ShortcutsDialog::rows() const {
    QList<QPair<QString, QString>> rows;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem* group = m_tree->topLevelItem(g);
        for (int i = 0; i < group->childCount(); ++i)
            rows.append({group->text(0) + QLatin1Char('/') + group->child(i)->text(0), group->child(i)->text(1)});
    }
    return rows;
}

} // namespace editor
