#include "trackwright/plan/plan_node_pool.h"

namespace trackwright {

PlanNodePool::PlanNodePool(std::uint32_t capacity) : m_nodes(capacity > 0 ? capacity : 1), m_superseded((capacity + 63) / 64 + 1), m_capacity(capacity > 0 ? capacity : 1) {}

} // namespace trackwright
