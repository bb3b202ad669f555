// ProfilesDock's raise and lower: the selection up or down with a falloff along the track, from a
// drag in the elevation panel or the buttons above the plot. Every change is a ChangeNodesCommand;
// one drag merges into one undo step.
#include "editor/docks/profiles_dock.h"

#include "editor/canvas/node_selection.h"
#include "editor/commands/change_nodes_command.h"
#include "editor/document/editor_document.h"
#include "editor/document/track_edits.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace editor {
namespace {

/// Falloff distances a wheel notch cannot go past, metres.
constexpr double kMinFalloff = 0.0;
constexpr double kMaxFalloff = 5000.0;

QString shapeName(FalloffShape shape) { return shape == FalloffShape::Linear ? QObject::tr("linear") : QObject::tr("smooth"); }

} // namespace

QWidget* ProfilesDock::makeRaiseBar() {
    auto* bar = new QWidget(this);
    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(6, 2, 6, 0);
    row->addWidget(new QLabel(tr("Raise/lower selection, falloff"), bar));
    m_falloffRadius = new QDoubleSpinBox(bar);
    m_falloffRadius->setObjectName("falloffRadius");
    m_falloffRadius->setRange(kMinFalloff, kMaxFalloff);
    m_falloffRadius->setDecimals(2);
    m_falloffRadius->setSuffix(tr(" m"));
    m_falloffRadius->setValue(HeightFalloff{}.radius);
    m_falloffRadius->setToolTip(tr("How far along the track the raise reaches, fading out: 0 moves the selection alone. "
                                   "The wheel over the elevation curve changes it, during a drag too."));
    row->addWidget(m_falloffRadius);
    m_falloffShape = new QComboBox(bar);
    m_falloffShape->setObjectName("falloffShape");
    m_falloffShape->addItem(tr("Smooth"), static_cast<int>(FalloffShape::Smooth));
    m_falloffShape->addItem(tr("Linear"), static_cast<int>(FalloffShape::Linear));
    m_falloffShape->setToolTip(tr("Smooth: ramps that start and end level. Linear: straight ramps."));
    row->addWidget(m_falloffShape);
    m_raiseButton = new QToolButton(bar);
    m_raiseButton->setObjectName("raiseSelection");
    m_raiseButton->setText(tr("▲ %1 m").arg(kRaiseStep));
    m_raiseButton->setToolTip(tr("Raise the selection by %1 m, its neighbours less with the falloff").arg(kRaiseStep));
    m_lowerButton = new QToolButton(bar);
    m_lowerButton->setObjectName("lowerSelection");
    m_lowerButton->setText(tr("▼ %1 m").arg(kRaiseStep));
    m_lowerButton->setToolTip(tr("Lower the selection by %1 m, its neighbours less with the falloff").arg(kRaiseStep));
    row->addWidget(m_raiseButton);
    row->addWidget(m_lowerButton);
    row->addStretch(1);
    connect(m_raiseButton, &QToolButton::clicked, this, [this] { raiseSelection(kRaiseStep); });
    connect(m_lowerButton, &QToolButton::clicked, this, [this] { raiseSelection(-kRaiseStep); });
    // A new falloff shows on the plot at once (and re-shapes a drag under way).
    auto changed = [this] {
        if (m_raise) {
            m_raise->shares = falloffWeights(m_document->track(), m_selection->nodes(), falloff());
            dragRaise(m_raise->dz);
        } else {
            refresh();
        }
    };
    connect(m_falloffRadius, &QDoubleSpinBox::valueChanged, this, changed);
    connect(m_falloffShape, &QComboBox::currentIndexChanged, this, changed);
    return bar;
}

void ProfilesDock::updateRaiseBar() {
    const bool can = m_document && !m_selection->empty();
    m_raiseButton->setEnabled(can);
    m_lowerButton->setEnabled(can);
    m_plot->setRaiseEnabled(can);
}

HeightFalloff ProfilesDock::falloff() const {
    return {m_falloffRadius->value(), static_cast<FalloffShape>(m_falloffShape->currentData().toInt())};
}

void ProfilesDock::setFalloff(const HeightFalloff& falloff) {
    m_falloffRadius->setValue(falloff.radius);
    m_falloffShape->setCurrentIndex(m_falloffShape->findData(static_cast<int>(falloff.shape)));
}

QString ProfilesDock::describeRaise(double dz, std::size_t nodes) const {
    std::set<std::uint32_t> reached;
    for (const auto& [n, share] : m_raise ? m_raise->shares : falloffWeights(m_document->track(), m_selection->nodes(), falloff())) reached.insert(n);
    const double steepest = steepestGradientAround(m_document->track(), reached);
    const HeightFalloff f = falloff();
    return tr("Δz %1 m · falloff %2 m (%3) · %4 nodes · steepest ramp %5 %")
        .arg(QString::asprintf("%+.2f", dz))
        .arg(f.radius, 0, 'f', 1)
        .arg(shapeName(f.shape))
        .arg(nodes)
        .arg(steepest * 100.0, 0, 'f', 1);
}

bool ProfilesDock::raiseSelection(double dz) {
    if (!m_document || m_selection->empty()) {
        emit statusMessage(tr("Select the nodes to raise or lower first"));
        return false;
    }
    const auto shares = falloffWeights(m_document->track(), m_selection->nodes(), falloff());
    if (shares.empty()) return false;
    m_document->undoStack()->push(new ChangeNodesCommand(m_document, dz >= 0.0 ? tr("Raise Nodes") : tr("Lower Nodes"),
                                                         raisedNodes(m_document->track(), shares, dz)));
    emit statusMessage(describeRaise(dz, shares.size()));
    return true;
}

void ProfilesDock::startRaise() {
    if (!m_document || m_selection->empty()) return;
    m_raise = RaiseDrag{nextMergeKey(), 0.0, falloffWeights(m_document->track(), m_selection->nodes(), falloff()), {}};
    emit statusMessage(describeRaise(0.0, m_raise->shares.size()));
}

void ProfilesDock::dragRaise(double dz) {
    if (!m_raise || !m_document) return;
    m_raise->dz = dz;
    const formats::TrackDocument& track = m_document->track();
    // Every node the drag has reached, from its value at the press: those the falloff no longer
    // reaches go back to it.
    for (const auto& [n, share] : m_raise->shares)
        if (n < track.nodes.size()) m_raise->original.emplace(n, track.nodes[n]);
    std::map<std::uint32_t, double> shareOf(m_raise->shares.begin(), m_raise->shares.end());
    std::vector<std::pair<std::uint32_t, formats::TrackNode>> after;
    for (const auto& [n, node] : m_raise->original) {
        formats::TrackNode moved = node;
        if (const auto it = shareOf.find(n); it != shareOf.end()) moved.position.z += dz * it->second;
        after.emplace_back(n, moved);
    }
    m_document->undoStack()->push(new ChangeNodesCommand(m_document, dz >= 0.0 ? tr("Raise Nodes") : tr("Lower Nodes"), std::move(after), m_raise->mergeKey));
    emit statusMessage(describeRaise(dz, m_raise->shares.size()));
}

void ProfilesDock::finishRaise() {
    if (!m_raise) return;
    const double dz = m_raise->dz;
    const std::size_t nodes = m_raise->shares.size();
    if (m_document) emit statusMessage(describeRaise(dz, nodes));
    m_raise.reset();
    refresh();
}

void ProfilesDock::stepFalloff(double notches) {
    // 20 % per wheel notch, from half a metre up so a zero falloff can grow again.
    const double radius = std::clamp(std::max(m_falloffRadius->value(), 0.5) * std::pow(1.2, notches), kMinFalloff, kMaxFalloff);
    m_falloffRadius->setValue(radius);  // re-shapes a drag under way (see makeRaiseBar)
    if (!m_raise && m_document && !m_selection->empty()) emit statusMessage(tr("Falloff %1 m (%2)").arg(radius, 0, 'f', 1).arg(shapeName(falloff().shape)));
}

std::vector<double> ProfilesDock::sharesAlongRoute(std::uint32_t route) const {
    if (!m_document || route >= m_document->track().routes.size()) return {};
    const auto shares = m_raise ? m_raise->shares : falloffWeights(m_document->track(), m_selection->nodes(), falloff());
    const std::map<std::uint32_t, double> shareOf(shares.begin(), shares.end());
    std::vector<double> along;
    for (std::uint32_t n : m_document->track().routes[route].nodes) {
        const auto it = shareOf.find(n);
        along.push_back(it == shareOf.end() ? 0.0 : it->second);
    }
    return along;
}

} // namespace editor
