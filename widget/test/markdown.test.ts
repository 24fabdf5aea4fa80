/**
 * The assistant's Markdown: the safe subset renders, everything else stays text. Rendered through
 * React into a real DOM (happy-dom), so what is checked is what a visitor's browser would get.
 */
import { createElement, Fragment } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, renderMarkdown, safeHref } from '../src/ui/markdown';

const mounted: Array<() => void> = [];
afterEach(() => {
  while (mounted.length) mounted.pop()!();
});

type Host = HTMLElement & { root: ReturnType<typeof createRoot> };

/** A container in the document with a React root of its own, unmounted after the test. */
function mountHost(): Host {
  const host = Object.assign(document.createElement('div'), { root: undefined as unknown as ReturnType<typeof createRoot> });
  document.body.append(host);
  host.root = createRoot(host);
  mounted.push(() => {
    host.root.unmount();
    host.remove();
  });
  return host;
}

/** Renders `source` as the message list does, into `into` or a new container, and returns it. */
function render(source: string, into: Host = mountHost()): Host {
  flushSync(() => into.root.render(createElement(Fragment, null, renderMarkdown(createElement, source))));
  return into;
}

describe('the Markdown subset', () => {
  it('bold, italic and both kinds of delimiter', () => {
    const el = render('El **precio** es *orientativo*, __seguro__ y _flexible_.');
    expect(el.querySelector('strong')?.textContent).toBe('precio');
    expect([...el.querySelectorAll('strong')].map((n) => n.textContent)).toEqual(['precio', 'seguro']);
    expect([...el.querySelectorAll('em')].map((n) => n.textContent)).toEqual(['orientativo', 'flexible']);
    expect(el.textContent).toBe('El precio es orientativo, seguro y flexible.');
  });

  it('italic inside bold, and a link inside bold', () => {
    const el = render('**muy *importante* y [aquí](https://acme.example/x)**');
    const strong = el.querySelector('strong')!;
    expect(strong.querySelector('em')?.textContent).toBe('importante');
    expect(strong.querySelector('a')?.getAttribute('href')).toBe('https://acme.example/x');
  });

  it('unordered and ordered lists, with the ordered list’s first number', () => {
    const el = render('Opciones:\n- Web\n* App\n+ Tienda\n\n3. tres\n4. cuatro');
    expect([...el.querySelectorAll('ul > li')].map((n) => n.textContent)).toEqual(['Web', 'App', 'Tienda']);
    const ol = el.querySelector('ol')!;
    expect(ol.getAttribute('start')).toBe('3');
    expect([...ol.querySelectorAll('li')].map((n) => n.textContent)).toEqual(['tres', 'cuatro']);
    expect(el.querySelector('p')?.textContent).toBe('Opciones:');
  });

  it('a single newline is a line break, a blank line a new paragraph', () => {
    const el = render('uno\ndos\n\ntres');
    const ps = el.querySelectorAll('p');
    expect(ps).toHaveLength(2);
    expect(ps[0]!.querySelectorAll('br')).toHaveLength(1);
    expect(ps[0]!.textContent).toBe('unodos');
    expect(ps[1]!.textContent).toBe('tres');
  });

  it('links: http, https and mailto, in a new tab, without opener, referrer or endorsement', () => {
    const el = render('[web](https://acme.example/precios) [http](http://acme.example) [correo](mailto:ventas@acme.example)');
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://acme.example/precios', 'http://acme.example/', 'mailto:ventas@acme.example']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
  });

  it('a bare http or https address is a link too, without the sentence’s punctuation around it', () => {
    const el = render('Mira https://acme.example/precios. O (https://acme.example/a_(b)), y https://acme.example/x?y=1!');
    const links = [...el.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['https://acme.example/precios', 'https://acme.example/precios'],
      ['https://acme.example/a_(b)', 'https://acme.example/a_(b)'],
      ['https://acme.example/x?y=1', 'https://acme.example/x?y=1'],
    ]);
    for (const a of links) expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(el.textContent).toBe('Mira https://acme.example/precios. O (https://acme.example/a_(b)), y https://acme.example/x?y=1!');
  });

  it('<address> is a link; a label’s address is not linked twice; a word or another scheme is not a link', () => {
    const el = render('<https://acme.example> y <mailto:ventas@acme.example> [ver https://acme.example](https://acme.example/ver)');
    expect([...el.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://acme.example/', 'mailto:ventas@acme.example', 'https://acme.example/ver']);
    expect(el.querySelector('a a')).toBeNull();
    expect(el.textContent).toBe('https://acme.example y mailto:ventas@acme.example ver https://acme.example');
    for (const source of ['xhttps://acme.example', 'ftp://acme.example', 'javascript:alert(1)', '<javascript:alert(1)>', 'https://', '<https://a b>']) {
      expect(render(source).querySelector('a'), source).toBeNull();
    }
  });

  it('a backslash keeps a delimiter as text', () => {
    expect(render('\\*no\\* y 2 \\* 3').textContent).toBe('*no* y 2 * 3');
    expect(render('\\*no\\*').querySelector('em')).toBeNull();
  });
});

describe('hostile and broken input stays text', () => {
  it('HTML is shown as written, never parsed', () => {
    const source = '<img src=x onerror="alert(1)"><script>alert(2)</script><b>negrita</b>';
    const el = render(source);
    expect(el.querySelector('img, script, b')).toBeNull();
    expect(el.textContent).toBe(source);
  });

  it('a javascript: link is not a link, and neither is data:, vbscript: or a relative one', () => {
    for (const source of [
      '[x](javascript:alert(1))',
      '[x](JAVASCRIPT:alert(1))',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](vbscript:msgbox)',
      '[x](/relative)',
      '[x](//evil.example)',
      '[x]( javascript:alert(1))',
      '[x](java\tscript:alert(1))',
    ]) {
      const el = render(source);
      expect(el.querySelector('a'), source).toBeNull();
      expect(el.textContent, source).toBe(source);
    }
  });

  it('safeHref accepts only absolute http, https and mailto addresses', () => {
    expect(safeHref('https://a.example/b?c=1')).toBe('https://a.example/b?c=1');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://')).toBeNull();
    expect(safeHref('ftp://a.example')).toBeNull();
  });

  it('an unclosed ** or * shows as it is, and so does a lone delimiter between spaces', () => {
    expect(parseInline('el **precio')).toEqual(['el **precio']);
    expect(parseInline('el *precio')).toEqual(['el *precio']);
    expect(parseInline('2 * 3 * 4')).toEqual(['2 * 3 * 4']);
    expect(parseInline('** no **')).toEqual(['** no **']);
  });

  it('snake_case_words are not italic', () => {
    expect(parseInline('usa mi_variable_local aquí')).toEqual(['usa mi_variable_local aquí']);
  });

  it('nesting deeper than three levels is left as text, not recursed into', () => {
    const deep = '**a *b **c *d* c** b* a**';
    const el = render(deep);
    expect(el.textContent).not.toContain('<');
    expect(el.querySelectorAll('strong, em').length).toBeLessThanOrEqual(3);
  });

  it('brackets and parentheses that make no link stay as they were', () => {
    // No labelled link: what is linked, if anything, is the bare address alone.
    for (const [source, linked] of [
      ['[sin cierre', []],
      ['[a] (https://a.example)', ['https://a.example']],
      ['[a](https://a.example', ['https://a.example']],
      ['(https://a.example)', ['https://a.example']],
      ['[a](https://a.example con espacio)', ['https://a.example']],
    ] as const) {
      const el = render(source);
      expect([...el.querySelectorAll('a')].map((a) => a.textContent), source).toEqual(linked);
      expect(el.textContent, source).toBe(source);
    }
    // The innermost pair is the link; the outer bracket is text.
    const el = render('[[a](https://a.example)');
    expect(el.querySelector('a')?.textContent).toBe('a');
    expect(el.textContent).toBe('[a');
  });

  it('stays linear on long hostile input: ten times the input, about ten times the work', () => {
    // Work, not time: every character the parser copies (String#slice) and every delimiter test
    // (String#startsWith), counted while it runs. A quadratic parse does a hundred times the work.
    const work = (input: string) => {
      let count = 0;
      const proto = String.prototype;
      // Kept to be put back, and always applied with an explicit `this`.
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const { slice, startsWith } = proto;
      // Plain wrappers (a spy would record every call, and be the slow part).
      proto.slice = function (this: string, ...args: [number?, number?]) {
        const out = slice.apply(this, args);
        count += out.length + 1;
        return out;
      };
      proto.startsWith = function (this: string, ...args: [string, number?]) {
        count++;
        return startsWith.apply(this, args);
      };
      try {
        parseMarkdown(input);
      } finally {
        proto.slice = slice;
        proto.startsWith = startsWith;
      }
      return count;
    };
    const hostile = [
      (n: number) => '**a'.repeat(n),
      (n: number) => '*a'.repeat(n),
      (n: number) => '_a '.repeat(n),
      (n: number) => '**a *b _c '.repeat(n),
      (n: number) => '[a](https://'.repeat(n) + ')',
      (n: number) => '[a](https://a.example/'.repeat(n) + ')',
      (n: number) => '['.repeat(n) + ']'.repeat(n),
      (n: number) => '[a]('.repeat(n),
      (n: number) => '- '.repeat(n),
      (n: number) => '\\'.repeat(n),
      (n: number) => '(https://'.repeat(n),
      (n: number) => 'https://a.example/ '.repeat(n),
      (n: number) => '<https://'.repeat(n),
      (n: number) => ' https://a.example/)'.repeat(n),
    ];
    for (const make of hostile) {
      const small = work(make(1_000));
      const large = work(make(10_000));
      expect(large, make(2).slice(0, 20)).toBeLessThan(small * 15);
    }
  });
});

describe('streaming', () => {
  it('an answer that grows only gains formatting, and keeps the nodes it already had', () => {
    const host = mountHost();
    render('Te cuento el ', host);
    const paragraph = host.querySelector('p')!;
    render('Te cuento el **pre', host);
    expect(host.textContent).toBe('Te cuento el **pre');
    expect(host.querySelector('strong')).toBeNull();
    render('Te cuento el **precio**', host);
    expect(host.querySelector('strong')?.textContent).toBe('precio');
    render('Te cuento el **precio**:\n- Web', host);
    // The first paragraph is the same DOM node all along: keys are positions, so nothing remounts.
    expect(host.querySelector('p')).toBe(paragraph);
    expect(host.querySelector('li')?.textContent).toBe('Web');
  });
});
