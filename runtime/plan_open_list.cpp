#include "runtime/plan_open_list.h"

namespace runtime {

PlanOpenList::PlanOpenList(std::uint32_t capacity) : m_heap(capacity > 0 ? capacity : 1), m_capacity(capacity > 0 ? capacity : 1) {}

bool PlanOpenList::push(float total, float estimate, std::uint32_t node, std::uint32_t slot) {
    if (m_size == m_capacity) return false;
    const Entry e{orderOf(total, estimate), node, slot};
    std::uint32_t i = m_size++;
    while (i > 0) {
        const std::uint32_t parent = (i - 1) / 2;
        if (!before(e, m_heap[parent])) break;
        m_heap[i] = m_heap[parent];
        i = parent;
    }
    m_heap[i] = e;
    return true;
}

std::uint32_t PlanOpenList::pop(std::uint32_t& slot) {
    const std::uint32_t top = m_heap[0].node;
    slot = m_heap[0].slot;
    const Entry last = m_heap[--m_size];
    std::uint32_t i = 0;
    for (;;) {
        std::uint32_t child = 2 * i + 1;
        if (child >= m_size) break;
        if (child + 1 < m_size && before(m_heap[child + 1], m_heap[child])) ++child;
        if (!before(m_heap[child], last)) break;
        m_heap[i] = m_heap[child];
        i = child;
    }
    if (m_size > 0) m_heap[i] = last;
    return top;
}

} // namespace runtime
