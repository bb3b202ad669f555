#include "trackwright/plan/plan_open_list.h"

#include <algorithm>

namespace trackwright {
namespace {

// Each waiting entry is in a chunk, and each bucket has at most one chunk not full.
std::uint32_t chunksFor(std::uint32_t capacity, std::uint32_t buckets, std::uint32_t chunkEntries) { return capacity / chunkEntries + buckets + 1; }

} // namespace

PlanOpenList::PlanOpenList(std::uint32_t capacity)
    : m_heap(capacity > 0 ? capacity : 1), m_capacity(capacity > 0 ? capacity : 1), m_buckets(kBuckets),
      m_chunkEntries(static_cast<std::size_t>(chunksFor(m_capacity, kBuckets, kChunkEntries)) * kChunkEntries),
      m_chunkNext(chunksFor(m_capacity, kBuckets, kChunkEntries)) {}

void PlanOpenList::clear() {
    if (m_waiting > 0) std::fill(&m_buckets[m_lowestWaiting], &m_buckets[m_highestWaiting] + 1, Bucket{});
    m_heapSize = 0;
    m_waiting = 0;
    m_based = false;
    m_lowestWaiting = kBuckets - 1;
    m_highestWaiting = 0;
    m_chunksMade = 0;
    m_freeChunk = kNoChunk;
}

bool PlanOpenList::push(float total, float estimate, std::uint32_t node) {
    if (m_heapSize + m_waiting == m_capacity) return false;
    const Entry e{orderOf(total, estimate), node, 0};
    if (!m_based) {
        const std::uint32_t raw = static_cast<std::uint32_t>(e.order >> (32 + kBucketShift));
        m_baseBucket = raw > 2 * kBucketsPerDoubling ? raw - 2 * kBucketsPerDoubling : 0;
        m_based = true;
    }
    const std::uint32_t bucket = bucketOf(e.order);
    if (m_heapSize > 0 && bucket <= m_heapBucket) {
        heapPush(e);
    } else {
        wait(bucket, e);  // with the heap empty, the band is chosen when it is next needed
    }
    return true;
}

void PlanOpenList::heapPush(const Entry& e) {
    std::uint32_t i = m_heapSize++;
    while (i > 0) {
        const std::uint32_t parent = (i - 1) / 2;
        if (!before(e, m_heap[parent])) break;
        m_heap[i] = m_heap[parent];
        i = parent;
    }
    m_heap[i] = e;
}

void PlanOpenList::wait(std::uint32_t bucket, const Entry& e) {
    Bucket& b = m_buckets[bucket];
    if (b.chunk == 0 || b.fill == kChunkEntries) {
        std::uint32_t chunk = m_freeChunk;
        if (chunk != kNoChunk) {
            m_freeChunk = m_chunkNext[chunk];
        } else {
            chunk = m_chunksMade++;  // never beyond the chunks reserved: see chunksFor
        }
        m_chunkNext[chunk] = b.chunk == 0 ? kNoChunk : b.chunk - 1;
        b = {chunk + 1, 0};
    }
    m_chunkEntries[static_cast<std::size_t>(b.chunk - 1) * kChunkEntries + b.fill++] = e;
    ++m_waiting;
    m_lowestWaiting = std::min(m_lowestWaiting, bucket);
    m_highestWaiting = std::max(m_highestWaiting, bucket);
}

void PlanOpenList::pourLowestBucket() {
    std::uint32_t bucket = m_lowestWaiting;
    while (m_buckets[bucket].chunk == 0) ++bucket;  // one holds entries: m_waiting > 0
    m_heapBucket = bucket;
    m_lowestWaiting = bucket + 1;
    Bucket& b = m_buckets[bucket];
    std::uint32_t fill = b.fill;
    for (std::uint32_t chunk = b.chunk - 1; chunk != kNoChunk;) {
        const Entry* entries = &m_chunkEntries[static_cast<std::size_t>(chunk) * kChunkEntries];
        std::copy(entries, entries + fill, &m_heap[m_heapSize]);
        m_heapSize += fill;
        m_waiting -= fill;
        const std::uint32_t older = m_chunkNext[chunk];
        m_chunkNext[chunk] = m_freeChunk;
        m_freeChunk = chunk;
        chunk = older;
        fill = kChunkEntries;  // only the newest chunk is part-filled
    }
    b = {};
    // Floyd's heap construction: linear in the entries, where pushing them one by one is not.
    for (std::uint32_t i = m_heapSize / 2; i-- > 0;) {
        const Entry e = m_heap[i];
        std::uint32_t at = i;
        for (;;) {
            std::uint32_t child = 2 * at + 1;
            if (child >= m_heapSize) break;
            if (child + 1 < m_heapSize && before(m_heap[child + 1], m_heap[child])) ++child;
            if (!before(m_heap[child], e)) break;
            m_heap[at] = m_heap[child];
            at = child;
        }
        m_heap[at] = e;
    }
}

std::uint32_t PlanOpenList::pop() {
    if (m_heapSize == 0) pourLowestBucket();
    const std::uint32_t top = m_heap[0].node;
    m_lastTotal = std::bit_cast<float>(static_cast<std::uint32_t>(m_heap[0].order >> 32));
    const Entry last = m_heap[--m_heapSize];
    std::uint32_t i = 0;
    for (;;) {
        std::uint32_t child = 2 * i + 1;
        if (child >= m_heapSize) break;
        if (child + 1 < m_heapSize && before(m_heap[child + 1], m_heap[child])) ++child;
        if (!before(m_heap[child], last)) break;
        m_heap[i] = m_heap[child];
        i = child;
    }
    if (m_heapSize > 0) m_heap[i] = last;
    return top;
}

} // namespace trackwright
