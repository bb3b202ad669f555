#pragma once

#include <cmath>

namespace trackwright::format {

/// A point or direction in the ground plane, metres. Plain data: the lower layers share it without
/// pulling in a maths library (runtime never sees Eigen).
struct Vec2 {
    double x = 0.0;
    double y = 0.0;

    friend Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
    friend Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
    friend Vec2 operator*(Vec2 a, double s) { return {a.x * s, a.y * s}; }
    friend Vec2 operator*(double s, Vec2 a) { return {a.x * s, a.y * s}; }
    friend bool operator==(Vec2 a, Vec2 b) = default;
};

/// A world position, metres: x east, y north, z up (right-handed). Headings are radians,
/// counter-clockwise from +x seen from above. In an engine's frame:
/// - Unity (y up, left-handed): position (x, z, y); a model facing +z gets the yaw
///   90° − heading·180/π about +y.
/// - Godot (y up, right-handed): position (x, z, −y); rotation.y = heading for a model facing +x,
///   heading − π/2 for one facing −z (Godot's forward).
/// - Unreal (z up, left-handed, centimetres): position (100·x, −100·y, 100·z); yaw = −heading in degrees.
struct Vec3 {
    double x = 0.0;
    double y = 0.0;
    double z = 0.0;

    Vec2 ground() const { return {x, y}; }
    friend bool operator==(Vec3 a, Vec3 b) = default;
};

inline double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
/// z component of the 3D cross product: positive when b is counter-clockwise from a.
inline double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
inline double length(Vec2 a) { return std::sqrt(a.x * a.x + a.y * a.y); }
/// The direction rotated 90 degrees counter-clockwise: the left-hand side when driving along `a`.
inline Vec2 leftPerpendicular(Vec2 a) { return {-a.y, a.x}; }

/// Unit vector along `a`, or zero when `a` has no length.
inline Vec2 normalized(Vec2 a) {
    const double len = length(a);
    return len > 0.0 ? Vec2{a.x / len, a.y / len} : Vec2{};
}

} // namespace trackwright::format
