// The C view of libmarisa declared in CMarisa.h.
#include "CMarisa.h"

#include <marisa.h>
#include <new>

struct inkstone_marisa_trie {
    marisa::Trie trie;
};

extern "C" inkstone_marisa_trie *inkstone_marisa_open(const char *path) {
    inkstone_marisa_trie *opened = new (std::nothrow) inkstone_marisa_trie;
    if (opened == nullptr) return nullptr;
    try {
        opened->trie.mmap(path);
        return opened;
    } catch (...) {
        delete opened;
        return nullptr;
    }
}

extern "C" void inkstone_marisa_close(inkstone_marisa_trie *trie) { delete trie; }

extern "C" size_t inkstone_marisa_size(const inkstone_marisa_trie *trie) {
    try {
        return trie->trie.num_keys();
    } catch (...) {
        return 0;
    }
}

extern "C" int64_t inkstone_marisa_lookup(const inkstone_marisa_trie *trie, const char *query, size_t length) {
    try {
        marisa::Agent agent;
        agent.set_query(query, length);
        if (!trie->trie.lookup(agent)) return -1;
        return static_cast<int64_t>(agent.key().id());
    } catch (...) {
        return -1;
    }
}

extern "C" int64_t inkstone_marisa_common_prefixes(
    const inkstone_marisa_trie *trie, const char *query, size_t length, void *context, inkstone_marisa_visit visit) {
    try {
        marisa::Agent agent;
        agent.set_query(query, length);
        int64_t count = 0;
        while (trie->trie.common_prefix_search(agent)) {
            visit(context, agent.key().ptr(), agent.key().length(), static_cast<uint32_t>(agent.key().id()));
            count += 1;
        }
        return count;
    } catch (...) {
        return -1;
    }
}

extern "C" int64_t inkstone_marisa_predict(
    const inkstone_marisa_trie *trie, const char *prefix, size_t length, void *context, inkstone_marisa_visit visit) {
    try {
        marisa::Agent agent;
        agent.set_query(prefix, length);
        int64_t count = 0;
        while (trie->trie.predictive_search(agent)) {
            visit(context, agent.key().ptr(), agent.key().length(), static_cast<uint32_t>(agent.key().id()));
            count += 1;
        }
        return count;
    } catch (...) {
        return -1;
    }
}
