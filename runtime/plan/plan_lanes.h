#pragma once

#include <cmath>
#include <cstdint>

// Arithmetic written once for one lane (double, bool) or four side by side (Lanes, LaneMask): the
// heuristic's four turning paths go through the same formulas. Lanes is a vector type of GCC's and
// Clang's vector extensions, worked in one AVX register where a function is built for AVX2 (the
// baseline x86-64 build keeps to single lanes: SSE2 has no four-lane doubles, and assembling pairs
// cost more than it saved). Each lane rounds exactly as the same scalar expression would (no fused
// multiply-adds: ISO C++ mode leaves contraction off), so results do not depend on the build used.
//
// The helpers must be inlined into the function built for AVX2, or it would call their baseline builds.
#if defined(__GNUC__)
#define TRACKWRIGHT_LANES_INLINE inline __attribute__((always_inline))
#else
#define TRACKWRIGHT_LANES_INLINE inline
#endif
#if defined(__GNUC__) && defined(__x86_64__)
#define TRACKWRIGHT_VECTOR_LANES 1
// Passing 32-byte vectors by value changes with AVX (GCC's -Wpsabi note). Lane helpers, here and
// in the file including this header, are always inlined, so no call passes one: the note is off
// for the rest of that file.
#pragma GCC diagnostic ignored "-Wpsabi"
#else
#define TRACKWRIGHT_VECTOR_LANES 0
#endif

namespace trackwright {

// One lane.
TRACKWRIGHT_LANES_INLINE bool lessThan(double a, double b) { return a < b; }
TRACKWRIGHT_LANES_INLINE bool lessEqual(double a, double b) { return a <= b; }
TRACKWRIGHT_LANES_INLINE bool greaterThan(double a, double b) { return a > b; }
TRACKWRIGHT_LANES_INLINE bool greaterEqual(double a, double b) { return a >= b; }
/// `a` where the mask is set, else `b`.
TRACKWRIGHT_LANES_INLINE double select(bool mask, double a, double b) { return mask ? a : b; }
/// Square root of a non-negative lane.
TRACKWRIGHT_LANES_INLINE double sqrtOf(double a) { return std::sqrt(a); }

#if TRACKWRIGHT_VECTOR_LANES

// Four lanes.
using Lanes = double __attribute__((vector_size(32)));
/// A comparison's outcome per lane (all bits set, or none), for select().
using LaneMask = std::int64_t __attribute__((vector_size(32)));

TRACKWRIGHT_LANES_INLINE Lanes lanes(const double (&v)[4]) { return Lanes{v[0], v[1], v[2], v[3]}; }
TRACKWRIGHT_LANES_INLINE Lanes splat(double v) { return Lanes{v, v, v, v}; }
TRACKWRIGHT_LANES_INLINE LaneMask laneMask(const bool (&v)[4]) {
    return LaneMask{-std::int64_t{v[0]}, -std::int64_t{v[1]}, -std::int64_t{v[2]}, -std::int64_t{v[3]}};
}
TRACKWRIGHT_LANES_INLINE void store(Lanes v, double (&out)[4]) {
    for (int k = 0; k < 4; ++k) out[k] = v[k];
}
TRACKWRIGHT_LANES_INLINE LaneMask lessThan(Lanes a, double b) { return a < splat(b); }
TRACKWRIGHT_LANES_INLINE LaneMask lessEqual(Lanes a, double b) { return a <= splat(b); }
TRACKWRIGHT_LANES_INLINE LaneMask greaterThan(Lanes a, Lanes b) { return a > b; }
TRACKWRIGHT_LANES_INLINE LaneMask greaterThan(Lanes a, double b) { return a > splat(b); }
TRACKWRIGHT_LANES_INLINE LaneMask greaterEqual(Lanes a, double b) { return a >= splat(b); }
TRACKWRIGHT_LANES_INLINE Lanes select(LaneMask mask, Lanes a, Lanes b) { return mask ? a : b; }
TRACKWRIGHT_LANES_INLINE Lanes select(LaneMask mask, Lanes a, double b) { return mask ? a : splat(b); }
TRACKWRIGHT_LANES_INLINE Lanes select(LaneMask mask, double a, Lanes b) { return mask ? splat(a) : b; }
/// Square roots of non-negative lanes. (Files using it are built without errno for maths
/// functions: the four are then one instruction, not four, each followed by a check.)
TRACKWRIGHT_LANES_INLINE Lanes sqrtOf(Lanes a) { return Lanes{std::sqrt(a[0]), std::sqrt(a[1]), std::sqrt(a[2]), std::sqrt(a[3])}; }

#endif

} // namespace trackwright
