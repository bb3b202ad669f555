#pragma once

#include "trackwright/plan/plan_buffer.h"

#include <bit>
#include <cstdint>

namespace trackwright {

/// A* open list on cost + estimate (both ≥ 0), ties to the lower estimate (the node nearer the
/// goal), then to the older node, so searches are deterministic. Sized once; every node enters at
/// most once, so it never needs more room than the node pool. A node superseded in its cell stays
/// in the list and is skipped when it comes out (lazy deletion): no search through the list.
///
/// Two tiers, for long searches: a binary min-heap holds the entries of the lowest band of totals
/// (a bucket, 1/2048 of the total wide) and any entry pushed below it; every entry above waits,
/// unsorted, in its bucket's chunks of memory, until the heap runs dry and the lowest bucket that
/// holds entries pours into it. A search of 10⁵ iterations keeps ~10⁵ entries open: in one heap
/// they spilled out of the caches and every pop paid for it level by level, while a band holds a
/// few thousand at most. Buckets follow the totals' order, so entries come out exactly as from one
/// heap.
class PlanOpenList {
public:
    explicit PlanOpenList(std::uint32_t capacity);

    void clear();
    bool empty() const { return m_heapSize == 0 && m_waiting == 0; }
    std::uint32_t size() const { return m_heapSize + m_waiting; }
    /// False when full (cannot happen while capacity ≥ the node pool's).
    bool push(float total, float estimate, std::uint32_t node);
    /// The node with the lowest total; the list must not be empty.
    std::uint32_t pop();
    /// The total the last pop() returned its node with.
    float lastTotal() const { return m_lastTotal; }
    /// The node pop() will most likely return next (the heap's lowest), if the heap holds any:
    /// for prefetching it while the caller still works.
    bool peek(std::uint32_t& node) const {
        node = m_heap[0].node;
        return m_heapSize > 0;
    }

private:
    /// The order in one integer: non-negative floats order as their bit patterns do, so the total's
    /// bits above the estimate's compare as (total, estimate) — one comparison instead of two
    /// data-dependent branches at every level of the heap. +0.0f normalises a −0 estimate.
    static std::uint64_t orderOf(float total, float estimate) {
        return static_cast<std::uint64_t>(std::bit_cast<std::uint32_t>(total + 0.0f)) << 32 | std::bit_cast<std::uint32_t>(estimate + 0.0f);
    }
    struct Entry {
        std::uint64_t order;
        std::uint32_t node;
        std::uint32_t unused;  ///< pads an entry to 16 bytes: four to a cache line, never straddling two
    };
    static bool before(const Entry& a, const Entry& b) { return a.order < b.order || (a.order == b.order && a.node < b.node); }

    /// A total's bits with the lowest 12 dropped keep 11 bits of mantissa: buckets 1/2048 of the
    /// total wide (2048 to a doubling), in the totals' order.
    static constexpr int kBucketShift = 12;
    static constexpr std::uint32_t kBucketsPerDoubling = 1u << (23 - kBucketShift);
    /// Totals from a quarter of the first push's to four times it: an inconsistent estimate lets
    /// totals fall below the start's. The first and last buckets take everything beyond (they
    /// pour in whole, as one heap would hold them).
    static constexpr std::uint32_t kBuckets = 4 * kBucketsPerDoubling;
    static constexpr std::uint32_t kChunkEntries = 32;  ///< 512 bytes: a bucket's entries are read back in runs
    static constexpr std::uint32_t kNoChunk = 0xffffffffu;

    std::uint32_t bucketOf(std::uint64_t order) const {
        const std::uint32_t raw = static_cast<std::uint32_t>(order >> (32 + kBucketShift));
        if (raw <= m_baseBucket) return 0;
        const std::uint32_t above = raw - m_baseBucket;
        return above < kBuckets - 1 ? above : kBuckets - 1;
    }
    void heapPush(const Entry& e);
    void wait(std::uint32_t bucket, const Entry& e);
    /// Moves the lowest bucket that holds entries into the (empty) heap.
    void pourLowestBucket();

    PlanBuffer<Entry> m_heap;
    std::uint32_t m_capacity;
    std::uint32_t m_heapSize = 0;
    std::uint32_t m_waiting = 0;  ///< entries in buckets
    float m_lastTotal = 0.0f;
    bool m_based = false;         ///< whether m_baseBucket is set (by the first push after clear())
    std::uint32_t m_baseBucket = 0;
    std::uint32_t m_heapBucket = 0;     ///< while the heap holds entries: it holds every entry of this bucket and below
    std::uint32_t m_lowestWaiting = 0;  ///< no bucket below this one holds entries
    std::uint32_t m_highestWaiting = 0; ///< nor any above this one

    /// A bucket's newest chunk + 1 (0: empty, so zeroed memory is all empty buckets) and how full
    /// it is; older chunks follow m_chunkNext. Emptied chunks go on a free list and are reused
    /// first (still in the cache).
    struct Bucket {
        std::uint32_t chunk;
        std::uint32_t fill;
    };
    PlanBuffer<Bucket> m_buckets;
    PlanBuffer<Entry> m_chunkEntries;
    PlanBuffer<std::uint32_t> m_chunkNext;
    std::uint32_t m_chunksMade = 0;  ///< chunks handed out fresh since clear()
    std::uint32_t m_freeChunk = kNoChunk;
};

} // namespace trackwright
