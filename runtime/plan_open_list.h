#pragma once

#include "runtime/plan_buffer.h"

#include <bit>
#include <cstdint>

namespace runtime {

/// A* open list: a binary min-heap on cost + estimate (both ≥ 0), ties to the lower estimate (the node nearer
/// the goal), then to the older node, so searches are deterministic. Sized once; every node enters
/// at most once, so it never needs more room than the node pool. A node superseded in its cell stays
/// in the heap and is skipped when it comes out (lazy deletion): no search through the heap.
class PlanOpenList {
public:
    explicit PlanOpenList(std::uint32_t capacity);

    void clear() { m_size = 0; }
    bool empty() const { return m_size == 0; }
    std::uint32_t size() const { return m_size; }
    /// False when full (cannot happen while capacity ≥ the node pool's). `slot` rides along (the
    /// node's cell): the search tells a superseded node from its cell alone, without loading the node.
    bool push(float total, float estimate, std::uint32_t node, std::uint32_t slot);
    /// The node with the lowest total, and the slot it was pushed with; the list must not be empty.
    std::uint32_t pop(std::uint32_t& slot);
    /// The node pop() would return next, and its slot (the list must not be empty).
    std::uint32_t top() const { return m_heap[0].node; }
    std::uint32_t topSlot() const { return m_heap[0].slot; }

    /// Gives every entry its node's slot again (`slotOf(node)`), after the cell table moved them.
    template <class SlotOf>
    void reslot(SlotOf slotOf) {
        for (std::uint32_t i = 0; i < m_size; ++i) m_heap[i].slot = slotOf(m_heap[i].node);
    }

private:
    /// The order in one integer: non-negative floats order as their bit patterns do, so the total's
    /// bits above the estimate's compare as (total, estimate) — one comparison instead of two
    /// data-dependent branches at every level of the heap. +0.0f normalises a −0 estimate.
    static std::uint64_t orderOf(float total, float estimate) {
        return static_cast<std::uint64_t>(std::bit_cast<std::uint32_t>(total + 0.0f)) << 32 | std::bit_cast<std::uint32_t>(estimate + 0.0f);
    }
    struct Entry {
        std::uint64_t order;
        std::uint32_t node;
        std::uint32_t slot;
    };
    static bool before(const Entry& a, const Entry& b) { return a.order < b.order || (a.order == b.order && a.node < b.node); }
    PlanBuffer<Entry> m_heap;
    std::uint32_t m_capacity;
    std::uint32_t m_size = 0;
};

} // namespace runtime
