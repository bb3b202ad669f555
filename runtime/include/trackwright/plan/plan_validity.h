#pragma once

#include "trackwright/plan/plan_state.h"

namespace trackwright {

/// Child validity (§5.3: "custom functions to assess child node validity"): is the pose an action
/// reaches allowed, coming from `from`? Called once per distinct end pose of an expansion, so `to`
/// carries the pose (x, y, heading) and speed 0: the action set already keeps every speed limit.
/// A plain function pointer and user data, so the hot loop makes no std::function calls.
using PlanValidityFn = bool (*)(const void* user, const PlanState& from, const PlanState& to);
struct PlanValidity {
    PlanValidityFn test = nullptr;
    const void* user = nullptr;
    bool operator()(const PlanState& from, const PlanState& to) const { return test == nullptr || test(user, from, to); }
};

} // namespace trackwright
