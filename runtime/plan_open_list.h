#pragma once

#include "runtime/plan_buffer.h"

#include <cstdint>

namespace runtime {

/// A* open list: a binary min-heap on cost + estimate, ties to the lower estimate (the node nearer
/// the goal), then to the older node, so searches are deterministic. Sized once; every node enters
/// at most once, so it never needs more room than the node pool. A node superseded in its cell stays
/// in the heap and is skipped when it comes out (lazy deletion): no search through the heap.
class PlanOpenList {
public:
    explicit PlanOpenList(std::uint32_t capacity);

    void clear() { m_size = 0; }
    bool empty() const { return m_size == 0; }
    std::uint32_t size() const { return m_size; }
    /// False when full (cannot happen while capacity ≥ the node pool's).
    bool push(float total, float estimate, std::uint32_t node);
    /// The node with the lowest total; the list must not be empty.
    std::uint32_t pop();
    /// The node pop() would return next (the list must not be empty).
    std::uint32_t top() const { return m_heap[0].node; }

private:
    struct Entry {
        float total;
        float estimate;
        std::uint32_t node;
    };
    static bool before(const Entry& a, const Entry& b) {
        if (a.total != b.total) return a.total < b.total;
        if (a.estimate != b.estimate) return a.estimate < b.estimate;
        return a.node < b.node;
    }
    PlanBuffer<Entry> m_heap;
    std::uint32_t m_capacity;
    std::uint32_t m_size = 0;
};

} // namespace runtime
