// Mustache fill of a template's HTML: {{x}} escaped, {{{x}}} raw, {{#list}}…{{/list}}, {{^x}}…{{/x}}.
// In: template HTML and a view object. Out: the filled HTML string, or a TemplateSyntaxError.
import Mustache from 'mustache';

/** The template text is not valid Mustache (e.g. an unclosed section); `message` says where. */
export class TemplateSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateSyntaxError';
  }
}

function writer(): Mustache.Writer {
  const w = new Mustache.Writer();
  // No parse cache: templates are many and long-lived; parsing is cheap next to a render.
  (w as unknown as { templateCache: undefined }).templateCache = undefined;
  return w;
}

/** Throws TemplateSyntaxError when `html` is not valid Mustache; otherwise returns nothing. */
export function checkTemplateSyntax(html: string): void {
  try {
    writer().parse(html);
  } catch (e) {
    throw new TemplateSyntaxError(`template syntax error: ${(e as Error).message}`);
  }
}

/**
 * Fills `html` with `view` (Mustache: values HTML-escaped unless in triple braces; names the view
 * lacks render as empty; partials are not supported). Throws TemplateSyntaxError.
 */
export function fillTemplate(html: string, view: Record<string, unknown>): string {
  try {
    return writer().render(html, view, undefined);
  } catch (e) {
    throw new TemplateSyntaxError(`template syntax error: ${(e as Error).message}`);
  }
}
