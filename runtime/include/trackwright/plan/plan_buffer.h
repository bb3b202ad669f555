#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace trackwright {

/// A planner's large buffer (nodes, cells, open list): allocated once, zero-filled by the
/// operating system page by page on first use (calloc), so a planner sized for the hardest search
/// costs memory and time only for the part a search really touches. Plain data only: the zero
/// bytes are the elements' starting values.
template <class T>
class PlanBuffer {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    explicit PlanBuffer(std::size_t count) : m_data(static_cast<T*>(std::calloc(count > 0 ? count : 1, sizeof(T)))) {
        if (!m_data) throw std::bad_alloc();
    }
    T& operator[](std::size_t i) { return m_data.get()[i]; }
    const T& operator[](std::size_t i) const { return m_data.get()[i]; }
    T* data() { return m_data.get(); }
    /// Starts loading element `i` into the cache.
    void prefetch(std::size_t i) const {
#if defined(__GNUC__)
        __builtin_prefetch(m_data.get() + i);
#else
        (void)i;
#endif
    }

private:
    struct Free {
        void operator()(T* p) const { std::free(p); }
    };
    std::unique_ptr<T, Free> m_data;
};

} // namespace trackwright
