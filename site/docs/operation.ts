import { h } from '../explorer/dom.ts';
import { prose, sections } from './prose.ts';
import { pageSource } from '../explorer/api-fetch.ts';
import { browserSets, commandOf, requestOf, send, type Given, type Place } from './request.ts';
import { described, schemaView, typeOf, type Schema } from './schema.ts';

/**
 * One operation of the document, opened: what it does, its parameters, each with a field to try
 * it, its responses with their schemas, and the headed sections of its description (what a
 * query reads), folded. The operation comes with its references resolved.
 */

/** A parameter of an operation. */
interface Parameter {
  name: string;
  in: Place;
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
}

/** A response of an operation. */
interface Response {
  description?: string;
  headers?: Record<string, { description?: string }>;
  content?: Record<string, { schema?: Schema }>;
}

/** An operation, its references resolved. */
export interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  responses?: Record<string, Response>;
}

/** The field of a parameter: a list for an enumeration, else text; empty unless required. */
function field(parameter: Parameter, id: string): HTMLInputElement | HTMLSelectElement {
  const schema = parameter.schema ?? {};
  const label = `${parameter.name} (${parameter.in})`;
  // A required value (a record's id) starts with the document's example; optional ones empty.
  const start =
    parameter.required && parameter.example !== undefined ? String(parameter.example) : '';
  const values = schema['enum'];
  if (Array.isArray(values))
    return h(
      'select',
      { id, 'aria-label': label },
      h('option', { value: '' }, ''),
      values.map((value) => h('option', { value: String(value) }, String(value))),
    );
  return h('input', {
    id,
    type: 'text',
    'aria-label': label,
    value: start,
    required: parameter.required === true,
    disabled: browserSets(parameter.name),
    spellcheck: false,
    autocomplete: 'off',
  });
}

/** The parameters as a table with a field each, and what was typed into them. */
function parametersView(op: Operation): { view: HTMLElement; given: () => Given[] } {
  const parameters = op.parameters ?? [];
  const fields = parameters.map((parameter, n) => field(parameter, `${op.operationId}-${n}`));
  const rows = parameters.map((parameter, n) =>
    h(
      'tr',
      { 'data-param-name': parameter.name },
      h(
        'th',
        { scope: 'row' },
        h('label', { for: fields[n]!.id }, h('code', null, parameter.name)),
        h('span', { class: 'place' }, ` ${parameter.in}`),
        parameter.required ? h('span', { class: 'required' }, ' required') : null,
      ),
      h(
        'td',
        null,
        h('span', { class: 'type' }, typeOf(parameter.schema ?? {})),
        described(parameter.description, parameter.schema ?? {}),
        browserSets(parameter.name)
          ? h('p', { class: 'about' }, 'The browser sets this header itself: try it with curl.')
          : null,
      ),
      h('td', null, fields[n]),
    ),
  );
  const view =
    parameters.length === 0
      ? h('p', { class: 'about' }, 'No parameters.')
      : table('parameters', ['name', 'what', 'value'], rows);
  const given = () =>
    parameters.map((parameter, n) => ({
      name: parameter.name,
      in: parameter.in,
      value: fields[n]!.value.trim(),
    }));
  return { view, given };
}

/** The responses: each status, what it means, its headers and the schema of its body. */
function responsesView(op: Operation): HTMLElement {
  return table(
    'responses',
    ['status', 'what'],
    Object.entries(op.responses ?? {}).map(([status, response]) =>
      h(
        'tr',
        null,
        h('th', { scope: 'row', class: 'response-status' }, status),
        h(
          'td',
          null,
          prose(response.description, 'about'),
          Object.keys(response.headers ?? {}).length > 0
            ? h(
                'p',
                { class: 'about' },
                'Headers: ',
                Object.keys(response.headers!).map((name, n) => [
                  n > 0 ? ', ' : '',
                  h('code', null, name),
                ]),
              )
            : null,
          Object.entries(response.content ?? {}).map(([type, content]) =>
            h(
              'details',
              { class: 'body-schema' },
              h('summary', null, 'Body ', h('code', null, type)),
              schemaView(content.schema ?? {}),
            ),
          ),
        ),
      ),
    ),
  );
}

/** A table of rows under a header row, which scrolls sideways inside its frame on a phone. */
function table(className: string, headers: string[], rows: HTMLElement[]): HTMLElement {
  return h(
    'div',
    { class: 'table' },
    h(
      'table',
      { class: className },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          headers.map((name) => h('th', null, name)),
        ),
      ),
      h('tbody', null, rows),
    ),
  );
}

/** The form that sends the operation's request, and the answer's place. */
function tryView(
  method: string,
  path: string,
  given: () => Given[],
): { form: HTMLElement; update: () => void } {
  const command = h('code', null, '');
  const answer = h('div', { class: 'answer', 'aria-live': 'polite' });
  const button = h('button', { type: 'submit' }, 'Send');
  const form = h(
    'form',
    { class: 'try' },
    h('p', null, button, ' ', h('span', { class: 'about' }, 'the request below, from this page')),
    h('pre', { class: 'curl' }, command),
    answer,
  );
  const update = () => {
    command.textContent = commandOf(
      requestOf(method, path, given()),
      pageSource(),
      window.location.origin,
    );
  };
  update();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const request = requestOf(method, path, given());
    const sending = `Sending ${request.method} ${request.url}…`;
    answer.replaceChildren(h('p', { class: 'about' }, sending));
    button.disabled = true;
    void send(request).then((view) => {
      answer.replaceChildren(view);
      button.disabled = false;
    });
  });
  return { form, update };
}

/**
 * The body of an opened operation. Its description's own words come first; its headed sections
 * (a collection's note on what a query reads, several phone screens long) come last, folded, so
 * that the parameters are on the first screen.
 */
export function operationView(method: string, path: string, op: Operation): HTMLElement {
  const { view, given } = parametersView(op);
  const trial = tryView(method, path, given);
  const { lead, sections: notes } = sections(op.description);
  const body = h(
    'div',
    { class: 'operation-body' },
    prose(lead),
    h('h4', null, 'Parameters'),
    view,
    h('h4', null, 'Try it'),
    trial.form,
    h('h4', null, 'Responses'),
    responsesView(op),
    notes.map((note) =>
      h('details', { class: 'note' }, h('summary', null, note.heading), prose(note.text)),
    ),
  );
  // The fields are in the table above the form: their changes reach it as they bubble up.
  body.addEventListener('input', () => trial.update());
  body.addEventListener('change', () => trial.update());
  return body;
}
