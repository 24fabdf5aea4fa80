// Finds the discriminated unions of an OpenAPI document's request bodies (voice, model and
// transcriber providers, tool types, …) and describes the way to them as a compact graph, so the
// simulator can reject a body whose nested union names no member, without the document at run time.
//
// A union is discriminated when every object member declares one property as a string enum
// (or const) and no value belongs to two members: the document's `discriminator.propertyName`
// when it has one, else `provider`, `type`, or any other property that qualifies. Members that
// are not objects (a bare string such as `voicemailDetection: "off"`) are left to the type checks.
//
// The graph keeps only what leads to a union: an object node lists the properties that do, an
// array node its items, a union node each member's discriminator values, required fields and
// nested node, and a union without a discriminator, per object member, its required fields, the
// strings its required enums allow, and its node (a hook is one of several shapes, each with its
// own union of actions; an eval message's role narrows what it may be). Node 0 is never used, so `0` can mean
// "nothing below".

/**
 * @typedef {{ p: Record<string, number> } | { i: number } | { y: [string[], Record<string, string[]>, number][] } | { d: string, r: boolean, o: boolean, m: [string[], string[], number][] }} UnionNode
 */

/**
 * @param {Record<string, any>} schemas the document's `components.schemas`
 * @param {(s: unknown) => any} deref
 */
export function unionGraph(schemas, deref) {
  /** Properties of an object schema, its `allOf` parts merged. */
  const propsOf = (input) => {
    const s = deref(input);
    return Object.assign({}, ...(s.allOf ?? []).map(propsOf), s.properties ?? {});
  };
  const requiredOf = (input) => {
    const s = deref(input);
    return [...new Set([...(s.allOf ?? []).flatMap(requiredOf), ...(s.required ?? [])])];
  };
  const isObject = (input) => {
    const s = deref(input);
    return !!(s.properties || s.allOf) && !s.oneOf && !s.anyOf;
  };
  const valuesOf = (input, name) => {
    const p = deref(propsOf(input)[name]);
    const values = p.const !== undefined ? [p.const] : p.enum;
    return Array.isArray(values) && values.length && values.every((v) => typeof v === 'string') ? values : undefined;
  };

  /** A member's required properties that only take some strings (`role: assistant`). */
  const enumsOf = (member) =>
    Object.fromEntries(requiredOf(member).flatMap((name) => (valuesOf(member, name) ? [[name, valuesOf(member, name)]] : [])));

  /** The discriminating property of a union's object members, or undefined. */
  function discriminatorOf(schema, members) {
    const declared = deref(schema).discriminator?.propertyName;
    const names = Object.keys(propsOf(members[0]));
    const candidates = [declared, 'provider', 'type', ...names].filter((n, i, all) => n && all.indexOf(n) === i);
    // Any other property only when every member requires it: an optional enum of a lone member
    // (a `oneOf` that merely wraps one DTO) tells nothing about which member a body meant.
    const qualifies = (name) => name === declared || name === 'provider' || name === 'type' || members.every((m) => requiredOf(m).includes(name));
    for (const name of candidates.filter(qualifies)) {
      const values = members.map((m) => valuesOf(m, name));
      if (values.some((v) => !v)) continue;
      const flat = values.flat();
      if (new Set(flat).size === flat.length) return name;
    }
    return undefined;
  }

  /**
   * Raw nodes by index; `kind` l(eaf), o(bject), a(rray), u(nion), y (a union without a
   * discriminator: a body fits it when it fits any object member). A node is filled in place, so a
   * cycle that reached it while it was being built sees the finished node.
   */
  const raw = [null];
  const ids = new Map();
  function build(input) {
    const key = input?.$ref ?? deref(input);
    if (ids.has(key)) return ids.get(key);
    const id = raw.length;
    ids.set(key, id);
    raw.push({ kind: 'l' });
    const s = deref(input);
    const branches = s.oneOf ?? s.anyOf;
    if (branches) {
      const members = branches.filter(isObject);
      const d = members.length ? discriminatorOf(s, members) : undefined;
      if (!d && branches.length === 1) raw[id] = raw[build(branches[0])];
      else if (!d && members.length) Object.assign(raw[id], { kind: 'y', members: members.map((m) => ({ node: build(m), required: requiredOf(m), enums: enumsOf(m) })) });
      else if (d) {
        Object.assign(raw[id], {
          kind: 'u',
          d,
          r: members.every((m) => requiredOf(m).includes(d)),
          o: members.length === branches.length,
          m: members.map((m) => ({ values: valuesOf(m, d), required: requiredOf(m).filter((f) => f !== d), node: build(m) })),
        });
      }
    } else if (s.type === 'array' && s.items) {
      Object.assign(raw[id], { kind: 'a', items: build(s.items) });
    } else if (s.properties || s.allOf) {
      Object.assign(raw[id], { kind: 'o', props: Object.fromEntries(Object.entries(propsOf(s)).map(([n, p]) => [n, build(p)])) });
    }
    return id;
  }

  /** Which nodes lead to a union (a fixpoint: the graph has cycles). */
  function leading() {
    const leads = raw.map((n) => n?.kind === 'u');
    for (let changed = true; changed; ) {
      changed = false;
      raw.forEach((n, i) => {
        if (leads[i] || !n) return;
        const next = n.kind === 'a' ? [n.items] : n.kind === 'o' ? Object.values(n.props) : n.kind === 'y' ? n.members.map((m) => m.node) : [];
        if (next.some((j) => leads[j])) changed = leads[i] = true;
      });
    }
    return leads;
  }

  /**
   * The pruned graph for the given body schemas (by route key).
   * @param {Record<string, unknown>} bodies
   * @returns {{ nodes: (UnionNode | null)[], roots: Record<string, number> }}
   */
  return function graph(bodies) {
    const rootIds = Object.fromEntries(Object.entries(bodies).map(([k, s]) => [k, build(s)]));
    const leads = leading();
    const index = new Map();
    raw.forEach((_n, i) => {
      if (leads[i]) index.set(i, true);
    });
    // Many schemas lead to unions the same way (each voice's fallback plan, …): nodes that read
    // alike once their references are merged are one node, until nothing merges any more.
    const same = new Map([...index.keys()].map((i) => [i, i]));
    const find = (i) => (same.get(i) === i ? i : find(same.get(i)));
    const shape = (i, at) => {
      const n = raw[i];
      if (n.kind === 'u') return { d: n.d, r: n.r, o: n.o, m: n.m.map((m) => [m.values, m.required, at(m.node)]) };
      if (n.kind === 'a') return { i: at(n.items) };
      if (n.kind === 'y') return { y: n.members.map((m) => [m.required, m.enums, at(m.node)]) };
      return { p: Object.fromEntries(Object.entries(n.props).filter(([, j]) => leads[j]).map(([name, j]) => [name, at(j)])) };
    };
    for (let merged = true; merged; ) {
      merged = false;
      const byText = new Map();
      for (const i of index.keys()) {
        if (find(i) !== i) continue;
        const text = JSON.stringify(shape(i, (j) => (leads[j] ? find(j) : 0)));
        const first = byText.get(text);
        if (first === undefined) byText.set(text, i);
        else merged = !!same.set(i, first);
      }
    }
    const kept = [...index.keys()].filter((i) => find(i) === i);
    const position = new Map(kept.map((i, n) => [i, n + 1]));
    const at = (i) => (leads[i] ? position.get(find(i)) : 0);
    const nodes = [null, ...kept.map((i) => shape(i, at))];
    const roots = Object.fromEntries(Object.entries(rootIds).filter(([, i]) => leads[i]).map(([k, i]) => [k, at(i)]));
    return { nodes, roots };
  };
}
