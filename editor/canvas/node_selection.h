#pragma once

#include <QObject>

#include <cstdint>
#include <set>

namespace editor {

/// The nodes the designer has selected, shared by the canvas and the docks. View state: not in
/// the document, not undone.
class NodeSelection : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    const std::set<std::uint32_t>& nodes() const { return m_nodes; }
    bool contains(std::uint32_t node) const { return m_nodes.count(node) > 0; }
    bool empty() const { return m_nodes.empty(); }

    void set(std::set<std::uint32_t> nodes) {
        if (nodes == m_nodes) return;
        m_nodes = std::move(nodes);
        emit changed();
    }
    void add(const std::set<std::uint32_t>& nodes) {
        std::set<std::uint32_t> all = m_nodes;
        all.insert(nodes.begin(), nodes.end());
        set(std::move(all));
    }
    void clear() { set({}); }

signals:
    void changed();

private:
    std::set<std::uint32_t> m_nodes;
};

} // namespace editor
