#include "runtime/plan/plan_reeds_shepp.h"

#include <cmath>

namespace trackwright {
namespace {

// The formulas are the paper's (section 8, equations 8.1–8.11), with its symmetries: each word
// family is solved for one base case and the others follow by "timeflip" (x → −x, φ → −φ, every
// length negated: the same word driven the other way) and "reflect" (y → −y, φ → −φ, left and right
// swapped), and a family's reversal by reading the goal backwards (the "backwards" cases below).

constexpr double kPi = M_PI;
constexpr double kZero = 10.0 * 1e-10;  // the slack for lengths a hair the wrong side of 0

using T = ReedsSheppTurn;
constexpr T L = T::Left, S = T::Straight, R = T::Right, N = T::None;
constexpr T kWords[18][5] = {
    {L, R, L, N, N}, {R, L, R, N, N}, {L, R, L, R, N}, {R, L, R, L, N}, {L, R, S, L, N}, {R, L, S, R, N},
    {L, S, R, L, N}, {R, S, L, R, N}, {L, R, S, R, N}, {R, L, S, L, N}, {R, S, R, L, N}, {L, S, L, R, N},
    {L, S, R, N, N}, {R, S, L, N, N}, {L, S, L, N, N}, {R, S, R, N, N}, {L, R, S, L, R}, {R, L, S, R, L}};

/// An angle wrapped to (−π, π].
double mod2pi(double x) {
    double v = std::fmod(x, 2.0 * kPi);
    if (v < -kPi) v += 2.0 * kPi;
    else if (v > kPi) v -= 2.0 * kPi;
    return v;
}

void polar(double x, double y, double& r, double& theta) {
    r = std::sqrt(x * x + y * y);
    theta = std::atan2(y, x);
}

void tauOmega(double u, double v, double xi, double eta, double phi, double& tau, double& omega) {
    const double delta = mod2pi(u - v), a = std::sin(u) - std::sin(delta), b = std::cos(u) - std::cos(delta) - 1.0;
    const double t1 = std::atan2(eta * a - xi * b, xi * a + eta * b), t2 = 2.0 * (std::cos(delta) - std::cos(v) - std::cos(u)) + 3.0;
    tau = t2 < 0.0 ? mod2pi(t1 + kPi) : mod2pi(t1);
    omega = mod2pi(tau - u + v - phi);
}

// 8.1: L+ S+ L+.
bool lpSpLp(double x, double y, double phi, double& t, double& u, double& v) {
    polar(x - std::sin(phi), y - 1.0 + std::cos(phi), u, t);
    if (t < -kZero) return false;
    v = mod2pi(phi - t);
    return v >= -kZero;
}
// 8.2: L+ S+ R+.
bool lpSpRp(double x, double y, double phi, double& t, double& u, double& v) {
    double t1 = 0.0, u1 = 0.0;
    polar(x + std::sin(phi), y - 1.0 - std::cos(phi), u1, t1);
    u1 = u1 * u1;
    if (u1 < 4.0) return false;
    u = std::sqrt(u1 - 4.0);
    t = mod2pi(t1 + std::atan2(2.0, u));
    v = mod2pi(t - phi);
    return t >= -kZero && v >= -kZero;
}
// 8.3: L+ R− L.
bool lpRmL(double x, double y, double phi, double& t, double& u, double& v) {
    const double xi = x - std::sin(phi), eta = y - 1.0 + std::cos(phi);
    double u1 = 0.0, theta = 0.0;
    polar(xi, eta, u1, theta);
    if (u1 > 4.0) return false;
    u = -2.0 * std::asin(0.25 * u1);
    t = mod2pi(theta + 0.5 * u + kPi);
    v = mod2pi(phi - t + u);
    return t >= -kZero && u <= kZero;
}
// 8.7: L+ R+ L− R−.
bool lpRupLumRm(double x, double y, double phi, double& t, double& u, double& v) {
    const double xi = x + std::sin(phi), eta = y - 1.0 - std::cos(phi), rho = 0.25 * (2.0 + std::sqrt(xi * xi + eta * eta));
    if (rho > 1.0) return false;
    u = std::acos(rho);
    tauOmega(u, -u, xi, eta, phi, t, v);
    return t >= -kZero && v <= kZero;
}
// 8.8: L+ R− L− R+.
bool lpRumLumRp(double x, double y, double phi, double& t, double& u, double& v) {
    const double xi = x + std::sin(phi), eta = y - 1.0 - std::cos(phi), rho = (20.0 - xi * xi - eta * eta) / 16.0;
    if (rho < 0.0 || rho > 1.0) return false;
    u = -std::acos(rho);
    if (u < -0.5 * kPi) return false;
    tauOmega(u, u, xi, eta, phi, t, v);
    return t >= -kZero && v >= -kZero;
}
// 8.9: L+ R−(π/2) S− L−.
bool lpRmSmLm(double x, double y, double phi, double& t, double& u, double& v) {
    const double xi = x - std::sin(phi), eta = y - 1.0 + std::cos(phi);
    double rho = 0.0, theta = 0.0;
    polar(xi, eta, rho, theta);
    if (rho < 2.0) return false;
    const double r = std::sqrt(rho * rho - 4.0);
    u = 2.0 - r;
    t = mod2pi(theta + std::atan2(r, -2.0));
    v = mod2pi(phi - 0.5 * kPi - t);
    return t >= -kZero && u <= kZero && v <= kZero;
}
// 8.10: L+ R−(π/2) S− R−.
bool lpRmSmRm(double x, double y, double phi, double& t, double& u, double& v) {
    const double xi = x + std::sin(phi), eta = y - 1.0 - std::cos(phi);
    double rho = 0.0, theta = 0.0;
    polar(-eta, xi, rho, theta);
    if (rho < 2.0) return false;
    t = theta;
    u = 2.0 - rho;
    v = mod2pi(t + 0.5 * kPi - phi);
    return t >= -kZero && u <= kZero && v <= kZero;
}
// 8.11: L+ R−(π/2) S− L−(π/2) R+.
bool lpRmSLmRp(double x, double y, double phi, double& t, double& u, double& v) {
    const double xi = x + std::sin(phi), eta = y - 1.0 - std::cos(phi);
    double rho = 0.0, theta = 0.0;
    polar(xi, eta, rho, theta);
    if (rho < 2.0) return false;
    u = 4.0 - std::sqrt(rho * rho - 4.0);
    if (u > kZero) return false;
    t = mod2pi(std::atan2((4.0 - u) * xi - 2.0 * eta, -2.0 * xi + (u - 4.0) * eta));
    v = mod2pi(t - phi);
    return t >= -kZero && v >= -kZero;
}

struct Collector {
    ReedsSheppPath (&out)[kMaxReedsSheppPaths];
    int count = 0;
    void add(int word, double a, double b, double c, double d = 0.0, double e = 0.0) {
        if (count == kMaxReedsSheppPaths) return;
        ReedsSheppPath& p = out[count++];
        const double lengths[5] = {a, b, c, d, e};
        p.count = 0;
        for (int i = 0; i < 5 && kWords[word][i] != T::None; ++i) {
            p.turns[p.count] = kWords[word][i];
            p.lengths[p.count++] = lengths[i];
        }
    }
};

void csc(double x, double y, double phi, Collector& c) {
    double t = 0.0, u = 0.0, v = 0.0;
    if (lpSpLp(x, y, phi, t, u, v)) c.add(14, t, u, v);
    if (lpSpLp(-x, y, -phi, t, u, v)) c.add(14, -t, -u, -v);  // timeflip
    if (lpSpLp(x, -y, -phi, t, u, v)) c.add(15, t, u, v);     // reflect
    if (lpSpLp(-x, -y, phi, t, u, v)) c.add(15, -t, -u, -v);  // timeflip + reflect
    if (lpSpRp(x, y, phi, t, u, v)) c.add(12, t, u, v);
    if (lpSpRp(-x, y, -phi, t, u, v)) c.add(12, -t, -u, -v);
    if (lpSpRp(x, -y, -phi, t, u, v)) c.add(13, t, u, v);
    if (lpSpRp(-x, -y, phi, t, u, v)) c.add(13, -t, -u, -v);
}

void ccc(double x, double y, double phi, Collector& c) {
    double t = 0.0, u = 0.0, v = 0.0;
    if (lpRmL(x, y, phi, t, u, v)) c.add(0, t, u, v);
    if (lpRmL(-x, y, -phi, t, u, v)) c.add(0, -t, -u, -v);
    if (lpRmL(x, -y, -phi, t, u, v)) c.add(1, t, u, v);
    if (lpRmL(-x, -y, phi, t, u, v)) c.add(1, -t, -u, -v);
    // backwards
    const double xb = x * std::cos(phi) + y * std::sin(phi), yb = x * std::sin(phi) - y * std::cos(phi);
    if (lpRmL(xb, yb, phi, t, u, v)) c.add(0, v, u, t);
    if (lpRmL(-xb, yb, -phi, t, u, v)) c.add(0, -v, -u, -t);
    if (lpRmL(xb, -yb, -phi, t, u, v)) c.add(1, v, u, t);
    if (lpRmL(-xb, -yb, phi, t, u, v)) c.add(1, -v, -u, -t);
}

void cccc(double x, double y, double phi, Collector& c) {
    double t = 0.0, u = 0.0, v = 0.0;
    if (lpRupLumRm(x, y, phi, t, u, v)) c.add(2, t, u, -u, v);
    if (lpRupLumRm(-x, y, -phi, t, u, v)) c.add(2, -t, -u, u, -v);
    if (lpRupLumRm(x, -y, -phi, t, u, v)) c.add(3, t, u, -u, v);
    if (lpRupLumRm(-x, -y, phi, t, u, v)) c.add(3, -t, -u, u, -v);
    if (lpRumLumRp(x, y, phi, t, u, v)) c.add(2, t, u, u, v);
    if (lpRumLumRp(-x, y, -phi, t, u, v)) c.add(2, -t, -u, -u, -v);
    if (lpRumLumRp(x, -y, -phi, t, u, v)) c.add(3, t, u, u, v);
    if (lpRumLumRp(-x, -y, phi, t, u, v)) c.add(3, -t, -u, -u, -v);
}

void ccsc(double x, double y, double phi, Collector& c) {
    double t = 0.0, u = 0.0, v = 0.0;
    const double h = 0.5 * kPi;
    if (lpRmSmLm(x, y, phi, t, u, v)) c.add(4, t, -h, u, v);
    if (lpRmSmLm(-x, y, -phi, t, u, v)) c.add(4, -t, h, -u, -v);
    if (lpRmSmLm(x, -y, -phi, t, u, v)) c.add(5, t, -h, u, v);
    if (lpRmSmLm(-x, -y, phi, t, u, v)) c.add(5, -t, h, -u, -v);
    if (lpRmSmRm(x, y, phi, t, u, v)) c.add(8, t, -h, u, v);
    if (lpRmSmRm(-x, y, -phi, t, u, v)) c.add(8, -t, h, -u, -v);
    if (lpRmSmRm(x, -y, -phi, t, u, v)) c.add(9, t, -h, u, v);
    if (lpRmSmRm(-x, -y, phi, t, u, v)) c.add(9, -t, h, -u, -v);
    // backwards
    const double xb = x * std::cos(phi) + y * std::sin(phi), yb = x * std::sin(phi) - y * std::cos(phi);
    if (lpRmSmLm(xb, yb, phi, t, u, v)) c.add(6, v, u, -h, t);
    if (lpRmSmLm(-xb, yb, -phi, t, u, v)) c.add(6, -v, -u, h, -t);
    if (lpRmSmLm(xb, -yb, -phi, t, u, v)) c.add(7, v, u, -h, t);
    if (lpRmSmLm(-xb, -yb, phi, t, u, v)) c.add(7, -v, -u, h, -t);
    if (lpRmSmRm(xb, yb, phi, t, u, v)) c.add(10, v, u, -h, t);
    if (lpRmSmRm(-xb, yb, -phi, t, u, v)) c.add(10, -v, -u, h, -t);
    if (lpRmSmRm(xb, -yb, -phi, t, u, v)) c.add(11, v, u, -h, t);
    if (lpRmSmRm(-xb, -yb, phi, t, u, v)) c.add(11, -v, -u, h, -t);
}

void ccscc(double x, double y, double phi, Collector& c) {
    double t = 0.0, u = 0.0, v = 0.0;
    const double h = 0.5 * kPi;
    if (lpRmSLmRp(x, y, phi, t, u, v)) c.add(16, t, -h, u, -h, v);
    if (lpRmSLmRp(-x, y, -phi, t, u, v)) c.add(16, -t, h, -u, h, -v);
    if (lpRmSLmRp(x, -y, -phi, t, u, v)) c.add(17, t, -h, u, -h, v);
    if (lpRmSLmRp(-x, -y, phi, t, u, v)) c.add(17, -t, h, -u, h, -v);
}

} // namespace

double ReedsSheppPath::total() const {
    double sum = 0.0;
    for (int i = 0; i < count; ++i) sum += std::abs(lengths[i]);
    return sum;
}

int reedsSheppPaths(double x, double y, double phi, ReedsSheppPath (&out)[kMaxReedsSheppPaths]) {
    Collector c{out};
    csc(x, y, phi, c);
    ccc(x, y, phi, c);
    cccc(x, y, phi, c);
    ccsc(x, y, phi, c);
    ccscc(x, y, phi, c);
    return c.count;
}

} // namespace trackwright
