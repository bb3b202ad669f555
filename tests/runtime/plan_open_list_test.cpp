#include "trackwright/plan/plan_open_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <tuple>
#include <vector>

namespace {

std::vector<std::uint32_t> drain(trackwright::PlanOpenList& open) {
    std::vector<std::uint32_t> order;
    while (!open.empty()) order.push_back(open.pop());
    return order;
}

} // namespace

TEST(PlanOpenList, PopsTheLowestTotalThenTheLowerEstimateThenTheOlderNode) {
    // A* expands the lowest cost + estimate; among equals the node nearer the goal, then the one
    // made first, so a search is the same on every run.
    trackwright::PlanOpenList open(16);
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
    trackwright::PlanOpenList open(1024);
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

TEST(PlanOpenList, HandsOutEntriesAsOneSortedListWouldWhatEverTheTotalsDo) {
    // An A*-like run: each pop brings a few pushes near the popped total, some below it (an
    // inconsistent estimate), some far above or below the first total (beyond the buckets'
    // range), ties included. The list must hand out exactly what one sorted list would, across
    // reuse after clear().
    trackwright::PlanOpenList open(1u << 16);
    std::mt19937 random(7);
    for (int run = 0; run < 3; ++run) {
        open.clear();
        using Key = std::tuple<float, float, std::uint32_t>;
        std::priority_queue<Key, std::vector<Key>, std::greater<>> reference;
        std::uint32_t node = 0;
        auto push = [&](float total, float estimate) {
            ASSERT_TRUE(open.push(total, estimate, node));
            reference.emplace(total, estimate, node++);
        };
        push(10.0f + static_cast<float>(run), 10.0f);
        std::uniform_real_distribution<float> step(-0.05f, 0.3f), unit(0.0f, 1.0f);
        while (!reference.empty() && node < 40000) {
            const Key expected = reference.top();
            reference.pop();
            ASSERT_EQ(open.pop(), std::get<2>(expected));
            const float at = std::get<0>(expected);
            for (int child = 0; child < 3; ++child) {
                const float roll = unit(random);
                const float total = roll < 0.01f ? at * 20.0f : roll < 0.02f ? at * 0.05f : roll < 0.1f ? at : std::max(0.0f, at + step(random));
                push(total, std::floor(unit(random) * 4.0f));
            }
        }
        EXPECT_EQ(open.size(), reference.size());
        for (; !reference.empty(); reference.pop()) ASSERT_EQ(open.pop(), std::get<2>(reference.top()));
        EXPECT_TRUE(open.empty());
    }
}

TEST(PlanOpenList, RefusesAPushBeyondItsCapacity) {
    trackwright::PlanOpenList open(3);
    for (std::uint32_t i = 0; i < 3; ++i) EXPECT_TRUE(open.push(1.0f, 0.0f, i));
    EXPECT_FALSE(open.push(0.5f, 0.0f, 3));
    EXPECT_EQ(drain(open), (std::vector<std::uint32_t>{0, 1, 2}));
}
