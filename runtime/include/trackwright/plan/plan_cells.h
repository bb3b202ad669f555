#pragma once

#include "trackwright/plan/plan_buffer.h"
#include "trackwright/plan/plan_node_pool.h"
#include "trackwright/plan/plan_settings.h"
#include "trackwright/plan/plan_state.h"

#include <bit>
#include <cstdint>
#include <memory>

namespace trackwright {

/// Discretises states into cells (thesis §4.3.1–4.3.3): the spatial grid cell of the position
/// (relative to an origin, normally the start, so keys stay small), the heading rounded to the
/// heading resolution (degrees, counter-clockwise from +x, §4.3.3) and the speed rounded to the
/// speed resolution (uniform, §4.3.1). Packed as 21 + 21 bits of grid, 9 of heading, 13 of speed.
class PlanCellKeys {
public:
    PlanCellKeys() = default;
    PlanCellKeys(const PlanDiscretization& discretization, float originX, float originY);

    /// False when the state lies too far from the origin (about a million cells) to be keyed.
    bool key(const PlanState& state, std::uint64_t& key) const {
        std::uint64_t pose = 0;
        return poseKey(state.x, state.y, state.heading, pose) && withSpeed(pose, state.speed, key);
    }
    /// The grid and heading part of a key: every speed of one pose shares it, so an expansion
    /// computes it once per pose and ors in each end speed's bits (speedBits).
    bool poseKey(float x, float y, float heading, std::uint64_t& key) const;
    bool withSpeed(std::uint64_t poseKey, float speed, std::uint64_t& key) const {
        std::uint64_t bits = 0;
        if (!speedBits(speed, bits)) return false;
        key = poseKey | bits;
        return true;
    }
    /// The speed part of a key, to combine with a poseKey by `|`: an expansion's motions share a
    /// few end speeds, so it computes each once.
    bool speedBits(float speed, std::uint64_t& bits) const;

private:
    double m_originX = 0.0, m_originY = 0.0;
    double m_inverseCell = 1.0;
    double m_binsPerRadian = 180.0 / kPlanPi;
    std::int32_t m_headingBins = 360;
    double m_inverseSpeed = 2.0;
};

/// The spatial cells of §4.3.2: each discretised state holds at most one node, the best one so far
/// (lowest cost + estimate), with its exact position. An open-addressing table whose memory is
/// reserved once for the node pool; the first search starts small and doubles the slots in use
/// when half full, and later searches start where the last one ended. A slot keeps the key and the
/// holder's cost + estimate, so the common case — a child landing in a cell that already has a
/// better node (most children do) — touches one cache line. A node remembers its slot; the next
/// search forgets exactly the slots the last one used.
class PlanCellTable {
public:
    /// Room for at least `nodeCapacity` cells (twice that many slots, a power of two).
    explicit PlanCellTable(std::uint32_t nodeCapacity);

    /// Empties every slot the nodes of the last search took (O(nodes), not O(table)); the next
    /// search keeps the slots in use.
    void clear(const PlanNodePool& lastSearch);
    /// Whether `more` new cells would fill the slots in use past half: then grow() first.
    bool needsRoom(std::uint32_t more) const { return m_mask < m_maxMask && 2u * (m_used + more) > m_mask + 1u; }
    /// Doubles the slots in use and re-homes every holder (`keyOf(node)` gives a node's key again;
    /// slots found before are stale). Amortised O(1) a cell; allocates nothing.
    template <class KeyOf>
    void grow(PlanNodePool& nodes, KeyOf keyOf);
    /// The node holding `key`'s cell and its cost + estimate, or kNoPlanNode; `slot` is the cell's
    /// slot either way.
    std::uint32_t find(std::uint64_t key, std::uint32_t& slot, float& total) const { return findFrom(key, home(key), slot, total); }
    /// find() probing from `start`: the key's home(), or a slot an earlier find() of the same key
    /// returned while the table has not grown since. (Cells are never removed, so every slot
    /// before that one in the key's probe sequence still holds another cell: nothing is skipped.)
    std::uint32_t findFrom(std::uint64_t key, std::uint32_t start, std::uint32_t& slot, float& total) const {
        // Linear probing; the table is at most half full, so probes stay short.
        for (std::uint32_t i = start;; i = (i + 1) & m_mask) {
            const Slot& s = m_slots[i];
            if (s.node == 0 || s.key == key) {
                slot = i;
                total = s.total;
                return s.node - 1;  // kNoPlanNode when empty
            }
        }
    }
    void set(std::uint32_t slot, std::uint64_t key, std::uint32_t node, float total) {
        m_used += m_slots[slot].node == 0;
        m_slots[slot] = {key, node + 1, total};
    }
    /// Starts loading a slot (a key's home()) into the cache. An expansion asks for all its
    /// children's cells at once, so their cache misses overlap instead of queueing one after another.
    void prefetch(std::uint32_t slot) const {
#if defined(__GNUC__)
        __builtin_prefetch(&m_slots[slot]);
#else
        (void)slot;
#endif
    }
    /// Whether `node` still holds its cell (it may have been superseded by a better one).
    bool holds(std::uint32_t slot, std::uint32_t node) const { return slot <= m_mask && m_slots[slot].node == node + 1; }
    std::uint32_t slotCount() const { return m_mask + 1; }

    /// The key's first slot: a 64-bit mix (SplitMix64's finaliser) spreads neighbouring cells apart.
    std::uint32_t home(std::uint64_t k) const {
        k ^= k >> 30;
        k *= 0xbf58476d1ce4e5b9ull;
        k ^= k >> 27;
        k *= 0x94d049bb133111ebull;
        return static_cast<std::uint32_t>(k ^ (k >> 31)) & m_mask;
    }

private:
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t node = 0;  ///< the holder's index + 1; 0: empty, so zeroed memory is an empty table
        float total = 0.0f;
    };
    static constexpr std::uint32_t kHolder = 0x80000000u;  ///< marks a holder's slot field while growing
    PlanBuffer<Slot> m_slots;
    std::uint32_t m_maxMask = 0;  ///< all the slots reserved, less one
    std::uint32_t m_mask = 0;     ///< the slots this search uses, less one
    std::uint32_t m_used = 0;     ///< cells held

    static constexpr std::uint32_t kInitialSlots = 1u << 12;
};

template <class KeyOf>
void PlanCellTable::grow(PlanNodePool& nodes, KeyOf keyOf) {
    // Mark the holders (every used slot has exactly one) and empty their slots, each holder keeping
    // its cell's cost + estimate in its slot field meanwhile (a total is ≥ 0, so its bits leave the
    // mark bit free); widen; re-home them.
    for (std::uint32_t i = 0; i < nodes.size(); ++i) {
        PlanNode& n = nodes[i];
        if (!holds(n.slot, i)) continue;
        const float total = m_slots[n.slot].total;
        m_slots[n.slot] = Slot{};
        n.slot = std::bit_cast<std::uint32_t>(total + 0.0f) | kHolder;
    }
    m_mask = 2u * m_mask + 1u;
    m_used = 0;
    for (std::uint32_t i = 0; i < nodes.size(); ++i) {
        PlanNode& n = nodes[i];
        if (!(n.slot & kHolder)) continue;
        const float total = std::bit_cast<float>(n.slot & ~kHolder);
        const std::uint64_t key = keyOf(n);
        std::uint32_t slot = 0;
        float ignored = 0.0f;
        find(key, slot, ignored);
        set(slot, key, i, total);
        n.slot = slot;
    }
}

} // namespace trackwright
