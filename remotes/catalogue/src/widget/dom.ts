type Child = Node | string | null | false | undefined;

/** Builds an element from text and nodes only (never HTML strings), so nothing from the API can inject markup. */
export function h(tag: string, attributes: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}
