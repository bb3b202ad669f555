#include "editor/docks/diagnostics_dock.h"

#include "editor/document/editor_document.h"
#include "editor/canvas/node_selection.h"

#include <QListWidget>

#include <map>
#include <string>

namespace editor {

DiagnosticsDock::DiagnosticsDock(NodeSelection* selection, QWidget* parent) : QDockWidget(tr("Diagnostics"), parent), m_selection(selection) {
    setObjectName("diagnosticsDock");
    m_list = new QListWidget(this);
    m_list->setWordWrap(true);
    setWidget(m_list);
    connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        const QVariant node = item->data(Qt::UserRole);
        if (!node.isValid()) return;
        std::set<std::uint32_t> nodes{node.toUInt()};
        if (const QVariant other = item->data(Qt::UserRole + 1); other.isValid()) nodes.insert(other.toUInt());
        m_selection->set(nodes);
        emit nodeActivated(node.toUInt());
        emit nodesActivated(nodes);
    });
}

void DiagnosticsDock::setDocument(EditorDocument* document) {
    if (m_document) disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) connect(m_document, &EditorDocument::diagnosticsChanged, this, &DiagnosticsDock::refresh);
    refresh();
}

void DiagnosticsDock::refresh() {
    m_list->clear();
    if (!m_document) return;
    // The first kShownPerCode of each code, then how many more: a broken import can hold ten
    // thousand of one warning, and laying out each wrapped item held the UI for seconds.
    constexpr int kShownPerCode = 50;
    std::map<std::string, int> perCode;
    int errors = 0, warnings = 0;
    for (const formats::Diagnostic& d : m_document->diagnostics()) {
        const bool error = d.severity == formats::Severity::Error;
        (error ? errors : warnings) += 1;
        if (++perCode[d.code] > kShownPerCode) continue;
        auto* item = new QListWidgetItem(QStringLiteral("%1 [%2] %3").arg(error ? tr("error") : tr("warning"), QString::fromStdString(d.code),
                                                                          QString::fromStdString(d.message)),
                                         m_list);
        item->setForeground(error ? QColor(220, 60, 50) : QColor(200, 140, 0));
        if (d.node) item->setData(Qt::UserRole, static_cast<uint>(*d.node));
        if (d.node && d.otherNode) item->setData(Qt::UserRole + 1, static_cast<uint>(*d.otherNode));
        item->setToolTip(QString::fromStdString(d.jsonPath));
    }
    for (const auto& [code, count] : perCode)
        if (count > kShownPerCode)
            new QListWidgetItem(tr("… and %1 more [%2]: fix the ones above first").arg(count - kShownPerCode).arg(QString::fromStdString(code)), m_list);
    setWindowTitle(errors + warnings == 0 ? tr("Diagnostics") : tr("Diagnostics (%1 errors, %2 warnings)").arg(errors).arg(warnings));
    if (errors + warnings == 0) new QListWidgetItem(tr("No problems: the track bakes."), m_list);
}

} // namespace editor
