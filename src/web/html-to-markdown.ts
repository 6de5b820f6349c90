/**
 * HTML as Markdown for the model, with node-html-markdown (no DOM needed, so it runs in the
 * worker). Loaded on the first page fetched: a session that never fetches never parses it.
 * Scripts, styles and other non-content elements are dropped by the library; comments too.
 */
type Translate = (html: string) => string;

let loading: Promise<Translate> | undefined;

function load(): Promise<Translate> {
  loading ??= import('node-html-markdown')
    .then(({ NodeHtmlMarkdown }) => {
      const converter = new NodeHtmlMarkdown({ ignore: ['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas', 'form', 'button'] });
      return (html: string) => converter.translate(html);
    })
    .catch((thrown: unknown) => {
      loading = undefined;
      throw thrown;
    });
  return loading;
}

export async function htmlToMarkdown(html: string): Promise<string> {
  const translate = await load();
  return translate(html).trim();
}
