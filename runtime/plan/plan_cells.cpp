#include "trackwright/plan/plan_cells.h"

#include <algorithm>
#include <cmath>

namespace trackwright {
namespace {

constexpr std::int64_t kGridBias = 1 << 20;   // 21 bits per grid axis
constexpr std::int64_t kSpeedBias = 1 << 12;  // 13 bits of speed bins

} // namespace

PlanCellKeys::PlanCellKeys(const PlanDiscretization& d, float originX, float originY)
    : m_originX(originX), m_originY(originY), m_inverseCell(1.0 / std::max(1e-3f, d.cellSize)), m_inverseSpeed(1.0 / std::max(1e-3f, d.speedResolution)) {
    const double resolution = std::max(360.0 / 512.0, static_cast<double>(d.headingResolutionDeg));
    m_headingBins = static_cast<std::int32_t>(std::lround(360.0 / resolution));
    m_binsPerRadian = m_headingBins / (2.0 * M_PI);
}

namespace {

/// ⌊v⌋ for |v| < 2⁶³ by truncation and a correction: without SSE4.1's round instruction std::floor
/// is a libm call or a long inline sequence, and keys take several floors for every child.
inline std::int64_t floorOf(double v) {
    const auto i = static_cast<std::int64_t>(v);
    return i - (v < static_cast<double>(i));
}

} // namespace

bool PlanCellKeys::poseKey(float x, float y, float heading, std::uint64_t& out) const {
    const double fx = (x - m_originX) * m_inverseCell, fy = (y - m_originY) * m_inverseCell;
    constexpr double kBias = static_cast<double>(kGridBias);
    if (!(std::abs(fx) < kBias && std::abs(fy) < kBias && std::isfinite(heading))) return false;
    // Search headings are wrapped to (−π, π]: one addition brings their bins into range. Any other
    // finite heading a caller passes (accumulated yaw) is wrapped first.
    const double wrapped = std::abs(heading) <= 4.0 * M_PI ? heading : std::remainder(static_cast<double>(heading), 2.0 * M_PI);
    std::int64_t h = floorOf(wrapped * m_binsPerRadian + 0.5);
    if (h < 0) h += m_headingBins;
    if (h < 0 || h >= m_headingBins) h = ((h % m_headingBins) + m_headingBins) % m_headingBins;
    const auto ix = static_cast<std::uint64_t>(floorOf(fx) + kGridBias);
    const auto iy = static_cast<std::uint64_t>(floorOf(fy) + kGridBias);
    out = ix << 43 | iy << 22 | static_cast<std::uint64_t>(h) << 13;
    return true;
}

bool PlanCellKeys::speedBits(float speed, std::uint64_t& out) const {
    const double fv = speed * m_inverseSpeed + 0.5;
    if (!(std::abs(fv) < static_cast<double>(kSpeedBias))) return false;
    out = static_cast<std::uint64_t>(floorOf(fv) + kSpeedBias);
    return true;
}

namespace {

std::uint32_t slotsFor(std::uint32_t nodeCapacity) {
    std::uint32_t slots = 16;
    while (slots < 2u * std::max(1u, nodeCapacity) && slots < (1u << 31)) slots <<= 1;
    return slots;
}

} // namespace

PlanCellTable::PlanCellTable(std::uint32_t nodeCapacity)
    : m_slots(slotsFor(nodeCapacity)), m_maxMask(slotsFor(nodeCapacity) - 1), m_mask(std::min(m_maxMask, kInitialSlots - 1)) {}

void PlanCellTable::clear(const PlanNodePool& nodes) {
    // Superseded nodes point at slots since taken over or re-homed: clearing those too is harmless.
    for (std::uint32_t i = 0; i < nodes.size(); ++i) m_slots[nodes[i].slot & ~kHolder] = Slot{};
    // The next search starts with as many slots as this one ended with: a planner's searches tend to
    // be alike, and re-homing every cell on the way up was 6 % of a long search. (Slots once used
    // are resident already, so this costs no memory; a short search in a roomy table runs about as
    // fast, its look-ups prefetched.)
    m_used = 0;
}

} // namespace trackwright
