#pragma once

#include <QDockWidget>

class QComboBox;
class QPushButton;
class QSpinBox;
class QTreeWidget;

namespace editor {

class EditorDocument;
class NodeSelection;

/// The track's overtaking and no-overtaking zones: a list (rule, route, from and to node) and,
/// for the zone selected there, its kind, sides, from and to node and a Delete button. Every edit
/// is one undo step. Selecting a zone selects its nodes and asks for it to be highlighted
/// (zoneHighlighted); Track ▸ Add Overtaking Zone makes new ones.
class ZonesDock : public QDockWidget {
    Q_OBJECT
public:
    ZonesDock(NodeSelection* selection, QWidget* parent = nullptr);
    void setDocument(EditorDocument* document);

    /// The zone selected in the list, -1 for none.
    int currentZone() const;
    void selectZone(int zone);

    QTreeWidget* list() { return m_list; }
    QComboBox* kindBox() { return m_kind; }
    QComboBox* sidesBox() { return m_sides; }
    QSpinBox* fromBox() { return m_from; }
    QSpinBox* toBox() { return m_to; }
    QPushButton* deleteButton() { return m_delete; }

signals:
    void zoneHighlighted(int zone);

private:
    void refresh();
    void showZone(int zone);
    /// Pushes the selected zone with the editor's values, as one undo step named `what`.
    void applyEdit(const QString& what);

    EditorDocument* m_document = nullptr;
    NodeSelection* m_selection;
    QTreeWidget* m_list;
    QComboBox* m_kind;
    QComboBox* m_sides;
    QSpinBox* m_from;
    QSpinBox* m_to;
    QPushButton* m_delete;
    bool m_filling = false;  ///< the fields are being set from the document, not by the designer
};

} // namespace editor
