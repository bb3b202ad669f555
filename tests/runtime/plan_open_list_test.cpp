#include "runtime/plan_open_list.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

namespace {

std::vector<std::uint32_t> drain(runtime::PlanOpenList& open) {
    std::vector<std::uint32_t> order;
    while (!open.empty()) order.push_back(open.pop());
    return order;
}

} // namespace

TEST(PlanOpenList, PopsTheLowestTotalThenTheLowerEstimateThenTheOlderNode) {
    // A* expands the lowest cost + estimate; among equals the node nearer the goal, then the one
    // made first, so a search is the same on every run.
    runtime::PlanOpenList open(16);
    open.push(5.0f, 1.0f, 0);
    open.push(5.0f, 0.5f, 1);
    open.push(2.0f, 2.0f, 2);
    open.push(5.0f, 0.5f, 3);
    open.push(0.0f, 0.0f, 4);  // a goal at the start
    open.push(std::numeric_limits<float>::infinity(), 3.0f, 5);
    open.push(4.999f, 4.0f, 6);
    open.push(5.0f, -0.0f, 7);  // a goal reached: no estimate left (−0 must not sort last)
    EXPECT_EQ(drain(open), (std::vector<std::uint32_t>{4, 2, 6, 7, 1, 3, 0, 5}));
}

TEST(PlanOpenList, KeepsOrderAcrossManyPushesAndPops) {
    runtime::PlanOpenList open(1024);
    for (std::uint32_t i = 0; i < 1000; ++i) open.push(static_cast<float>((i * 7919u) % 1000u) * 0.01f, 0.0f, i);
    float last = -1.0f;
    std::uint32_t count = 0;
    while (!open.empty()) {
        const std::uint32_t node = open.pop();
        const float total = static_cast<float>((node * 7919u) % 1000u) * 0.01f;
        EXPECT_GE(total, last);
        last = total;
        ++count;
    }
    EXPECT_EQ(count, 1000u);
}

TEST(PlanOpenList, RefusesAPushBeyondItsCapacity) {
    runtime::PlanOpenList open(3);
    for (std::uint32_t i = 0; i < 3; ++i) EXPECT_TRUE(open.push(1.0f, 0.0f, i));
    EXPECT_FALSE(open.push(0.5f, 0.0f, 3));
    EXPECT_EQ(drain(open), (std::vector<std::uint32_t>{0, 1, 2}));
}
