#include "runtime/plan_open_list.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

namespace {

/// Slots are pushed as 100 + node here: each must come back with its own node.
std::vector<std::uint32_t> drain(runtime::PlanOpenList& open) {
    std::vector<std::uint32_t> order;
    while (!open.empty()) {
        std::uint32_t slot = 0;
        order.push_back(open.pop(slot));
        EXPECT_EQ(slot, 100 + order.back());
    }
    return order;
}

} // namespace

TEST(PlanOpenList, PopsTheLowestTotalThenTheLowerEstimateThenTheOlderNode) {
    // A* expands the lowest cost + estimate; among equals the node nearer the goal, then the one
    // made first, so a search is the same on every run.
    runtime::PlanOpenList open(16);
    open.push(5.0f, 1.0f, 0, 100);
    open.push(5.0f, 0.5f, 1, 101);
    open.push(2.0f, 2.0f, 2, 102);
    open.push(5.0f, 0.5f, 3, 103);
    open.push(0.0f, 0.0f, 4, 104);  // a goal at the start
    open.push(std::numeric_limits<float>::infinity(), 3.0f, 5, 105);
    open.push(4.999f, 4.0f, 6, 106);
    open.push(5.0f, -0.0f, 7, 107);  // a goal reached: no estimate left (−0 must not sort last)
    EXPECT_EQ(drain(open), (std::vector<std::uint32_t>{4, 2, 6, 7, 1, 3, 0, 5}));
}

TEST(PlanOpenList, KeepsOrderAcrossManyPushesAndPops) {
    runtime::PlanOpenList open(1024);
    for (std::uint32_t i = 0; i < 1000; ++i) open.push(static_cast<float>((i * 7919u) % 1000u) * 0.01f, 0.0f, i, 0);
    float last = -1.0f;
    std::uint32_t count = 0;
    while (!open.empty()) {
        std::uint32_t slot = 0;
        const std::uint32_t node = open.pop(slot);
        const float total = static_cast<float>((node * 7919u) % 1000u) * 0.01f;
        EXPECT_GE(total, last);
        last = total;
        ++count;
    }
    EXPECT_EQ(count, 1000u);
}

TEST(PlanOpenList, RefusesAPushBeyondItsCapacity) {
    runtime::PlanOpenList open(3);
    for (std::uint32_t i = 0; i < 3; ++i) EXPECT_TRUE(open.push(1.0f, 0.0f, i, 100 + i));
    EXPECT_FALSE(open.push(0.5f, 0.0f, 3, 103));
    EXPECT_EQ(drain(open), (std::vector<std::uint32_t>{0, 1, 2}));
}

TEST(PlanOpenList, ReslotGivesEveryWaitingNodeItsNewSlot) {
    // The cell table moves cells when it grows; the waiting nodes must carry their new slots.
    runtime::PlanOpenList open(8);
    for (std::uint32_t i = 0; i < 5; ++i) open.push(static_cast<float>(5 - i), 0.0f, i, 7);
    open.reslot([](std::uint32_t node) { return 100 + node; });
    EXPECT_EQ(drain(open), (std::vector<std::uint32_t>{4, 3, 2, 1, 0}));
}
