#include "editor/docks/properties_dock.h"
#include "editor/document/height_edits.h"

#include "editor/commands/change_nodes_command.h"
#include "editor/document/editor_document.h"
#include "editor/canvas/node_selection.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>

#include <cmath>
#include <numbers>

namespace editor {
namespace {

/// The fields' names, as the dock labels them and as their undo steps name them ("Edit Left tarmac").
const char* const kFieldLabels[] = {QT_TR_NOOP("x"), QT_TR_NOOP("y"), QT_TR_NOOP("z"), QT_TR_NOOP("Left tarmac"), QT_TR_NOOP("Left runoff"),
                                          QT_TR_NOOP("Left wall"), QT_TR_NOOP("Right tarmac"), QT_TR_NOOP("Right runoff"), QT_TR_NOOP("Right wall"),
                                          QT_TR_NOOP("Speed cap"), QT_TR_NOOP("Banking"), QT_TR_NOOP("Grip")};

} // namespace
namespace {

double& valueOf(formats::TrackNode& n, PropertiesDock::Field f) {
    switch (f) {
    case PropertiesDock::X: return n.position.x;
    case PropertiesDock::Y: return n.position.y;
    case PropertiesDock::Z: return n.position.z;
    case PropertiesDock::LeftTrack: return n.left.track;
    case PropertiesDock::LeftRunoff: return n.left.runoff;
    case PropertiesDock::LeftWall: return n.left.wall;
    case PropertiesDock::RightTrack: return n.right.track;
    case PropertiesDock::RightRunoff: return n.right.runoff;
    case PropertiesDock::RightWall: return n.right.wall;
    case PropertiesDock::Banking: return n.banking;
    case PropertiesDock::Grip: return n.grip;
    default: break;
    }
    if (!n.speedOverride) n.speedOverride = 0.0;
    return *n.speedOverride;
}

/// Banking is typed in degrees and kept in radians; every other field as it is stored.
double shownPerStored(PropertiesDock::Field f) { return f == PropertiesDock::Banking ? 180.0 / std::numbers::pi : 1.0; }

} // namespace

PropertiesDock::PropertiesDock(NodeSelection* selection, QWidget* parent) : QDockWidget(tr("Properties"), parent), m_selection(selection) {
    setObjectName("propertiesDock");
    auto* panel = new QWidget(this);
    auto* form = new QFormLayout(panel);
    m_heading = new QLabel(panel);
    form->addRow(m_heading);

    for (int f = 0; f < FieldCount; ++f) {
        auto* box = new QDoubleSpinBox(panel);
        box->setDecimals(2);
        box->setRange(f <= Z ? -1e7 : 0.0, f <= Z ? 1e7 : (f == Speed ? 200.0 : 500.0));
        box->setSuffix(f == Speed ? tr(" m/s") : tr(" m"));
        if (f == Banking) {
            // Validation's limit: the steepest ovals raced are banked 31–33°.
            box->setRange(-35.0, 35.0);
            box->setSuffix(tr("°"));
            box->setToolTip(tr("The road's roll about its centre line: positive when the left edge is higher"));
        } else if (f == Grip) {
            box->setRange(0.05, 3.0);
            box->setSingleStep(0.05);
            box->setSuffix(QString());
            box->setToolTip(tr("Surface grip factor: 1 for dry tarmac, about 0.6 for gravel or a wet patch"));
        }
        box->setKeyboardTracking(false);  // one edit per value typed, not per keystroke
        box->setObjectName(QStringLiteral("property%1").arg(f));
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, f](double v) {
            if (!m_refreshing) apply(static_cast<Field>(f), v);
        });
        m_fields[static_cast<std::size_t>(f)] = box;
        if (f == Speed) {
            m_hasSpeed = new QCheckBox(tr("Speed cap"), panel);
            connect(m_hasSpeed, &QCheckBox::toggled, this, [this](bool on) {
                if (m_refreshing || !m_document) return;
                std::vector<std::pair<std::uint32_t, formats::TrackNode>> after;
                for (std::uint32_t n : m_selection->nodes()) {
                    formats::TrackNode node = m_document->track().nodes[n];
                    node.speedOverride = on ? std::optional<double>(m_fields[Speed]->value() > 0 ? m_fields[Speed]->value() : 20.0) : std::nullopt;
                    after.emplace_back(n, node);
                }
                m_document->undoStack()->push(new ChangeNodesCommand(m_document, on ? tr("Set Speed Cap") : tr("Remove Speed Cap"), std::move(after)));
            });
            form->addRow(m_hasSpeed, box);
        } else {
            form->addRow(tr(kFieldLabels[f]), box);
        }
    }
    // Scrolls rather than holding the window taller than a small screen.
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    setWidget(scroll);
    connect(m_selection, &NodeSelection::changed, this, &PropertiesDock::refresh);
    refresh();
}

void PropertiesDock::setDocument(EditorDocument* document) {
    if (m_document) disconnect(m_document, nullptr, this, nullptr);
    m_document = document;
    if (m_document) connect(m_document, &EditorDocument::changed, this, &PropertiesDock::refresh);
    refresh();
}

void PropertiesDock::refresh() {
    m_refreshing = true;
    std::vector<std::uint32_t> nodes;
    if (m_document)
        for (std::uint32_t n : m_selection->nodes())
            if (n < m_document->track().nodes.size()) nodes.push_back(n);
    m_heading->setText(nodes.empty() ? tr("Select nodes to see and edit their values") : nodes.size() == 1 ? tr("Node %1").arg(nodes.front())
                                                                                                             : tr("%1 nodes").arg(nodes.size()));
    for (int f = 0; f < FieldCount; ++f) {
        QDoubleSpinBox* box = m_fields[static_cast<std::size_t>(f)];
        box->setEnabled(!nodes.empty());
        if (nodes.empty()) {
            // Nothing selected: blank fields, not a value that looks like a node's (grip's minimum
            // 0.05 read as a slippery surface).
            box->setSpecialValueText(QStringLiteral(" "));
            box->setValue(box->minimum());
            continue;
        }
        formats::TrackNode first = m_document->track().nodes[nodes.front()];
        const double value = valueOf(first, static_cast<Field>(f)) * shownPerStored(static_cast<Field>(f));
        bool same = true;
        for (std::uint32_t n : nodes) {
            formats::TrackNode other = m_document->track().nodes[n];
            same = same && std::abs(valueOf(other, static_cast<Field>(f)) * shownPerStored(static_cast<Field>(f)) - value) < 1e-9;
        }
        // Differing values: the box shows its minimum as blank ("special value") until typed in.
        box->setSpecialValueText(same ? QString() : QStringLiteral("—"));
        box->setValue(same ? value : box->minimum());
    }
    bool speed = !nodes.empty();
    for (std::uint32_t n : nodes) speed = speed && m_document->track().nodes[n].speedOverride.has_value();
    m_hasSpeed->setChecked(speed);
    m_hasSpeed->setEnabled(!nodes.empty());
    m_fields[Speed]->setEnabled(speed);
    m_refreshing = false;
}

void PropertiesDock::apply(Field f, double value) {
    if (!m_document || m_selection->empty()) return;
    if (f == Banking && m_softFalloff > 0.0) return applySoftBanking(value / shownPerStored(f));
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> after;
    for (std::uint32_t n : m_selection->nodes()) {
        formats::TrackNode node = m_document->track().nodes[n];
        valueOf(node, f) = value / shownPerStored(f);
        after.emplace_back(n, node);
    }
    m_document->undoStack()->push(new ChangeNodesCommand(m_document, tr("Edit %1").arg(tr(kFieldLabels[f])), std::move(after)));
}

void PropertiesDock::applySoftBanking(double banking) {
    // Soft selection, as node drags and width handles have it: the selected nodes take the banking,
    // their neighbours along the track the same change times their weight, so 0 → 8° ramps in and
    // out instead of twisting the road in one link (the banking-rate warning).
    const formats::TrackDocument& track = m_document->track();
    double mean = 0.0;
    for (std::uint32_t n : m_selection->nodes()) mean += track.nodes[n].banking;
    mean /= static_cast<double>(m_selection->nodes().size());
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> after;
    for (const auto& [n, weight] : falloffWeights(track, m_selection->nodes(), HeightFalloff{m_softFalloff, FalloffShape::Smooth})) {
        formats::TrackNode node = track.nodes[n];
        node.banking = m_selection->contains(n) ? banking : node.banking + (banking - mean) * weight;
        after.emplace_back(n, node);
    }
    m_document->undoStack()->push(new ChangeNodesCommand(m_document, tr("Edit %1").arg(tr(kFieldLabels[Banking])), std::move(after)));
}

} // namespace editor
