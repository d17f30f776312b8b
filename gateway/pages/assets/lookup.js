// The lookup page's behaviour: send the form to POST /v1/public/lookup and show the answer.
// Plain browser JavaScript, served as is: no build step.
const form = document.getElementById('lookup');
const nameInput = document.getElementById('name');
const nameError = document.getElementById('name-error');
const submit = document.getElementById('submit');
const outcome = document.getElementById('outcome');
const heading = document.getElementById('outcome-h');
const statusLine = document.getElementById('status');
const resultList = document.getElementById('results');
const notice = document.getElementById('notice');

const SOURCE_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function element(tag, attributes, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
  for (const child of children) el.append(child);
  return el;
}

function showFieldError(message) {
  nameError.textContent = message;
  nameError.hidden = !message;
  nameInput.setAttribute('aria-invalid', message ? 'true' : 'false');
}

function showOutcome(state, message) {
  outcome.hidden = false;
  outcome.dataset.state = state;
  statusLine.textContent = message;
  heading.focus();
}

function resultItem(result) {
  const kind = result.type === 'person' ? 'Person' : 'Organization';
  return element(
    'li',
    { class: 'result', 'data-source': result.source },
    element('p', { class: 'label' }, result.label),
    element('p', { class: 'listed' }, element('span', { class: 'listed-name' }, result.name), ` · ${kind}`),
    element(
      'dl',
      {},
      element('dt', {}, 'Source'),
      element('dd', { 'data-field': 'sourceName' }, result.sourceName),
      element('dt', {}, 'List version'),
      element('dd', {}, element('code', { 'data-field': 'listVersionId' }, result.listVersionId)),
      element('dt', {}, 'Retrieved'),
      element('dd', { 'data-field': 'retrievedAt' }, SOURCE_DATE.format(new Date(result.retrievedAt))),
      element('dt', {}, 'Name similarity'),
      element('dd', { 'data-field': 'score' }, result.score.toFixed(2)),
    ),
  );
}

function showResults(body) {
  resultList.replaceChildren(...body.results.map(resultItem));
  notice.textContent = body.notice;
  if (body.results.length === 0) {
    showOutcome('clear', 'No potential match was found for this name in the lists checked.');
  } else {
    const n = body.results.length;
    showOutcome('potential_match', `${n} potential ${n === 1 ? 'match' : 'matches'}: verification required.`);
  }
}

function showRefusal(response, body) {
  resultList.replaceChildren();
  notice.textContent = '';
  if (response.status === 429) {
    const seconds = Number(response.headers.get('Retry-After')) || 60;
    showOutcome('rate_limited', `Too many lookups for now. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`);
    return;
  }
  if (response.status === 400 && body && body.fields && body.fields.name) {
    showFieldError(body.fields.name.join(' '));
    showOutcome('invalid', 'Please correct the name and try again.');
    return;
  }
  showOutcome('error', (body && body.message) || `The lookup failed (HTTP ${response.status}). Please try again.`);
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = nameInput.value.trim();
  if (!name) {
    showFieldError('Enter a name to look up.');
    nameInput.focus();
    return;
  }
  showFieldError('');
  const type = new FormData(form).get('type');
  submit.disabled = true;
  outcome.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch('/v1/public/lookup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(type ? { name, type } : { name }),
    });
    const body = await response.json().catch(() => null);
    if (response.ok && body) showResults(body);
    else showRefusal(response, body);
  } catch {
    showOutcome('error', 'The service could not be reached. Please try again.');
  } finally {
    submit.disabled = false;
    outcome.removeAttribute('aria-busy');
  }
});
