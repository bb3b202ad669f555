#pragma once

#include "trackwright/plan/plan_buffer.h"
#include "trackwright/plan/plan_state.h"

#include <cstdint>

namespace trackwright {

inline constexpr std::uint32_t kNoPlanNode = 0xffffffffu;

/// A search node (thesis §4.5, Figure 4.11): the exact state, the cost so far in seconds, the floor
/// its pose sets under its children's estimates, the lowest-cost parent, and the slot of the cell
/// (discretised state) it stands for. 32 bytes. (Its cost + estimate lives in its cell and its
/// open-list entry: what the search reads of a node it expands is all here, one cache line.)
/// Nodes are never changed once made: when a better node takes over a cell, the old one stays as
/// the parent of whatever it already produced, so every path read back is made of actions that
/// really lead from one node to the next.
struct PlanNode {
    PlanState state;
    float cost = 0.0f;       ///< g, s
    float stepFloor = 0.0f;  ///< PlanHeuristic::stepFloor of its pose, m; 0: not measured, bounds nothing
    std::uint32_t parent = kNoPlanNode;
    std::uint32_t slot = 0;  ///< its cell's slot in the PlanCellTable
};

/// Fixed-capacity node storage, allocated once: a search that needs more nodes than this stops
/// (PlanStatus::PoolExhausted) instead of allocating.
class PlanNodePool {
public:
    explicit PlanNodePool(std::uint32_t capacity);

    void clear() {
        for (std::uint32_t w = 0; w < (m_size + 63) / 64; ++w) m_superseded[w] = 0;
        m_size = 0;
    }
    bool full() const { return m_size == m_capacity; }
    /// Appends a node (the caller checks `full()` first) and returns its index.
    std::uint32_t add(const PlanNode& node) {
        m_nodes[m_size] = node;
        return m_size++;
    }
    /// Starts loading node `i` into the cache (the next node to expand, while this one is).
    void prefetch(std::uint32_t i) const {
#if defined(__GNUC__)
        __builtin_prefetch(&m_nodes[i]);
#else
        (void)i;
#endif
    }
    /// Marks node `i` as not holding its cell (§4.3.2: a better node took it, or it never won it).
    /// One bit a node, so the open list's stale entries are told apart in a few kilobytes that stay
    /// in the cache, not by a look-up in the cell table that misses it.
    void markSuperseded(std::uint32_t i) { m_superseded[i / 64] |= std::uint64_t{1} << (i % 64); }
    bool superseded(std::uint32_t i) const { return (m_superseded[i / 64] >> (i % 64)) & 1u; }
    PlanNode& operator[](std::uint32_t i) { return m_nodes[i]; }
    const PlanNode& operator[](std::uint32_t i) const { return m_nodes[i]; }
    std::uint32_t size() const { return m_size; }
    std::uint32_t capacity() const { return m_capacity; }

private:
    PlanBuffer<PlanNode> m_nodes;
    PlanBuffer<std::uint64_t> m_superseded;
    std::uint32_t m_capacity;
    std::uint32_t m_size = 0;
};

} // namespace trackwright
