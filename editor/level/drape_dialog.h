#pragma once

#include "bake/drape/drape_track.h"

#include <QDialog>

#include <string>
#include <vector>

class QCheckBox;
class QListWidget;

namespace editor {

/// Track ▸ Drape on Level Mesh: which of the level's materials are road (checked from the track's
/// last choice, else the names that say asphalt, road or tarmac), whether the widths come from the
/// road's edges too, and whether only the selected nodes are draped.
class DrapeDialog : public QDialog {
    Q_OBJECT
public:
    DrapeDialog(const std::vector<std::string>& materials, const std::vector<std::string>& roadPatterns, bool hasSelection, QWidget* parent = nullptr);

    /// The drape as chosen; `nodes` left empty (the caller fills in the selection when `selectedOnly`).
    bake::DrapeOptions options() const;
    bool selectedOnly() const;
    QListWidget* materialList() const { return m_materials; }
    QCheckBox* widthsBox() const { return m_widths; }
    QCheckBox* selectedOnlyBox() const { return m_selectedOnly; }

private:
    QListWidget* m_materials = nullptr;
    QCheckBox* m_widths = nullptr;
    QCheckBox* m_selectedOnly = nullptr;
};

/// A material's name as a shell pattern that matches it alone (its *, ? and [ escaped).
std::string literalPattern(const std::string& name);

} // namespace editor
