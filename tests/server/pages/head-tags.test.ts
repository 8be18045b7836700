import { describe, expect, it } from 'vitest';
import { describePaints, escapeHtml, headTags } from '../../../server/pages/head-tags';
import { loadCatalogue } from '../../../server/catalogue-file';

describe('head tags', () => {
  it('escapes every user text in titles and attributes', () => {
    const evil = `"><script>alert('x')</script> & co`;
    const html = headTags({
      title: evil,
      description: evil,
      url: 'https://example.com/share/abc',
      image: { url: 'https://example.com/share/abc/preview.png', alt: evil },
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain(`"><`);
    expect(html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co');
    expect(html).toContain('<meta property="og:image" content="https://example.com/share/abc/preview.png" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('is a summary card without an image', () => {
    const html = headTags({ title: 'T', description: 'D', url: 'https://example.com/' });
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
  });

  it('escapes the five characters that end attributes or elements', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('lists the paints with supplier and number', () => {
    const catalogue = loadCatalogue();
    const hague = catalogue.colors.find((c) => c.colorName === 'Hague Blue');
    expect(hague).toBeDefined();
    expect(describePaints([hague!])).toBe(`Hague Blue (Farrow & Ball No. ${hague?.number})`);
  });
});
