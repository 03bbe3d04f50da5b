// A stand-in for https://js.stripe.com/v3/, served by the fake Stripe at /v3/. It implements the part of
// Stripe.js the checkout uses, with the same call shapes and results, so the island's code path is the
// one that runs against real Stripe:
//   const stripe = Stripe(publishableKey);
//   const elements = stripe.elements({ clientSecret, locale, appearance });
//   elements.create('payment').mount('#payment-element');
//   const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url } });
// Real Stripe.js renders inside iframes; this one renders plain labelled inputs into the container so
// Playwright can fill them by label: card number, expiration date, security code; or full name and IBAN.
// confirmPayment POSTs /v1/payment_intents/:id/confirm with the publishable key and client secret (as
// Stripe.js does), then redirects to return_url?payment_intent=…&payment_intent_client_secret=…&
// redirect_status=…, or resolves { error } without redirecting when the card is declined.

const SOURCE = `(function () {
  'use strict';
  var API = __API__;
  var TEXTS = {
    en: { number: 'Card number', expiry: 'Expiration date', cvc: 'Security code', name: 'Full name', iban: 'IBAN',
      mandate: 'By providing your payment information and confirming this payment, you authorise the merchant and Stripe to send instructions to your bank to debit your account.',
      sofort: 'After you confirm, you will be redirected to Sofort to complete the payment.',
      incompleteNumber: 'Your card number is incomplete.', incompleteExpiry: 'Your card\\'s expiration date is incomplete.',
      incompleteCvc: 'Your card\\'s security code is incomplete.', incompleteIban: 'Your IBAN is incomplete.', incompleteName: 'Please provide your full name.' },
    de: { number: 'Kartennummer', expiry: 'Ablaufdatum', cvc: 'Sicherheitscode', name: 'Vollständiger Name', iban: 'IBAN',
      mandate: 'Durch Angabe Ihrer Zahlungsinformationen und die Bestätigung dieser Zahlung ermächtigen Sie den Händler und Stripe, Ihrer Bank Anweisungen zur Belastung Ihres Kontos zu erteilen.',
      sofort: 'Nach der Bestätigung werden Sie zu Sofort weitergeleitet, um die Zahlung abzuschließen.',
      incompleteNumber: 'Ihre Kartennummer ist unvollständig.', incompleteExpiry: 'Das Ablaufdatum Ihrer Karte ist unvollständig.',
      incompleteCvc: 'Der Sicherheitscode Ihrer Karte ist unvollständig.', incompleteIban: 'Ihre IBAN ist unvollständig.', incompleteName: 'Bitte geben Sie Ihren vollständigen Namen an.' },
    fr: { number: 'Numéro de carte', expiry: 'Date d\\'expiration', cvc: 'Code de sécurité', name: 'Nom complet', iban: 'IBAN' },
    es: { number: 'Número de tarjeta', expiry: 'Fecha de caducidad', cvc: 'Código de seguridad', name: 'Nombre completo', iban: 'IBAN' },
    it: { number: 'Numero della carta', expiry: 'Data di scadenza', cvc: 'Codice di sicurezza', name: 'Nome completo', iban: 'IBAN' }
  };
  var counter = 0;

  function text(locale, key) {
    var lang = String(locale || 'en').slice(0, 2).toLowerCase();
    var table = TEXTS[lang] || TEXTS.en;
    return table[key] || TEXTS.en[key];
  }
  function encode(data) {
    return Object.keys(data).filter(function (k) { return data[k] !== undefined && data[k] !== null; })
      .map(function (k) { return encodeURIComponent(k) + '=' + encodeURIComponent(data[k]); }).join('&');
  }
  function intentId(clientSecret) { return String(clientSecret || '').split('_secret_')[0]; }
  function api(method, path, data) {
    var url = API + path;
    var init = { method: method, headers: {} };
    if (method === 'GET') url += '?' + encode(data);
    else { init.headers['content-type'] = 'application/x-www-form-urlencoded'; init.body = encode(data); }
    return fetch(url, init).then(function (res) {
      return res.json().then(function (body) { return { ok: res.ok, body: body }; });
    }, function () {
      return { ok: false, body: { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please try again.' } } };
    });
  }
  function field(parent, id, label, attrs) {
    var wrap = document.createElement('div');
    var l = document.createElement('label');
    l.htmlFor = id;
    l.textContent = label;
    var input = document.createElement('input');
    input.id = id;
    input.type = 'text';
    Object.keys(attrs).forEach(function (k) { input.setAttribute(k, attrs[k]); });
    wrap.appendChild(l);
    wrap.appendChild(input);
    parent.appendChild(wrap);
    return input;
  }

  function PaymentElement(elements) {
    this._elements = elements;
    this._handlers = {};
    this._container = null;
    this._type = null;
    this._inputs = {};
    this._alert = null;
  }
  PaymentElement.prototype.on = function (name, handler) {
    (this._handlers[name] = this._handlers[name] || []).push(handler);
    return this;
  };
  PaymentElement.prototype.off = function (name, handler) {
    this._handlers[name] = (this._handlers[name] || []).filter(function (h) { return h !== handler; });
    return this;
  };
  PaymentElement.prototype._emit = function (name, payload) {
    (this._handlers[name] || []).forEach(function (h) { h(payload); });
  };
  PaymentElement.prototype.mount = function (target) {
    var container = typeof target === 'string' ? document.querySelector(target) : target;
    if (!container) throw new Error('Stripe (fake): cannot mount the Payment Element, no element matches ' + target);
    this._container = container;
    var self = this;
    var elements = this._elements;
    // Like Stripe.js, the element reads the intent with the client secret to learn which fields to show.
    api('GET', '/v1/payment_intents/' + intentId(elements._clientSecret),
      { key: elements._stripe._key, client_secret: elements._clientSecret }).then(function (r) {
      if (!r.ok) { self._emit('loaderror', { elementType: 'payment', error: r.body.error }); return; }
      self._type = r.body.payment_method_types[0];
      self._render();
      self._emit('ready', { elementType: 'payment' });
    });
  };
  PaymentElement.prototype._render = function () {
    var locale = this._elements._locale;
    var n = ++counter;
    var root = document.createElement('div');
    root.setAttribute('data-fake-stripe', 'payment-element');
    root.setAttribute('data-payment-method-type', this._type);
    var inputs = {};
    if (this._type === 'card') {
      inputs.number = field(root, 'fake-stripe-number-' + n, text(locale, 'number'), { autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234' });
      inputs.expiry = field(root, 'fake-stripe-expiry-' + n, text(locale, 'expiry'), { autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM / YY' });
      inputs.cvc = field(root, 'fake-stripe-cvc-' + n, text(locale, 'cvc'), { autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: 'CVC' });
    } else if (this._type === 'sepa_debit') {
      inputs.name = field(root, 'fake-stripe-name-' + n, text(locale, 'name'), { autocomplete: 'name' });
      inputs.iban = field(root, 'fake-stripe-iban-' + n, text(locale, 'iban'), { placeholder: 'DE00 0000 0000 0000 0000 00', spellcheck: 'false' });
      var mandate = document.createElement('p');
      mandate.textContent = text(locale, 'mandate');
      root.appendChild(mandate);
    } else {
      var note = document.createElement('p');
      note.textContent = text(locale, 'sofort');
      root.appendChild(note);
    }
    var alert = document.createElement('p');
    alert.setAttribute('role', 'alert');
    root.appendChild(alert);
    this._alert = alert;
    this._inputs = inputs;
    var self = this;
    Object.keys(inputs).forEach(function (k) {
      inputs[k].addEventListener('input', function () {
        self._emit('change', { elementType: 'payment', empty: self._empty(), complete: !self._invalid(), value: { type: self._type } });
      });
    });
    this._container.replaceChildren(root);
  };
  PaymentElement.prototype._value = function (key) {
    var input = this._inputs[key];
    return input ? input.value.trim() : '';
  };
  PaymentElement.prototype._empty = function () {
    var self = this;
    return Object.keys(this._inputs).every(function (k) { return self._value(k) === ''; });
  };
  PaymentElement.prototype._invalid = function () {
    var locale = this._elements._locale;
    var checks = this._type === 'card'
      ? [['number', 'incomplete_number', 'incompleteNumber'], ['expiry', 'incomplete_expiry', 'incompleteExpiry'], ['cvc', 'incomplete_cvc', 'incompleteCvc']]
      : this._type === 'sepa_debit' ? [['name', 'incomplete_name', 'incompleteName'], ['iban', 'incomplete_iban', 'incompleteIban']] : [];
    for (var i = 0; i < checks.length; i++) {
      if (this._value(checks[i][0]) === '') return { type: 'validation_error', code: checks[i][1], message: text(locale, checks[i][2]) };
    }
    return null;
  };
  PaymentElement.prototype._validate = function () {
    var error = this._type ? this._invalid() : { type: 'validation_error', code: 'not_ready', message: 'The payment form is still loading.' };
    if (this._alert) this._alert.textContent = error ? error.message : '';
    return error;
  };
  PaymentElement.prototype._paymentMethodData = function () {
    if (this._type === 'card') {
      var expiry = this._value('expiry').replace(/[^0-9]/g, '');
      return { 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': this._value('number').replace(/[^0-9]/g, ''),
        'payment_method_data[card][exp_month]': expiry.slice(0, 2), 'payment_method_data[card][exp_year]': expiry.slice(2),
        'payment_method_data[card][cvc]': this._value('cvc') };
    }
    if (this._type === 'sepa_debit') {
      return { 'payment_method_data[type]': 'sepa_debit', 'payment_method_data[sepa_debit][iban]': this._value('iban').replace(/[^0-9A-Za-z]/g, '').toUpperCase(),
        'payment_method_data[billing_details][name]': this._value('name'), 'mandate_data[customer_acceptance][type]': 'online' };
    }
    return { 'payment_method_data[type]': this._type };
  };
  PaymentElement.prototype.unmount = function () {
    if (this._container) this._container.replaceChildren();
    this._container = null;
  };
  PaymentElement.prototype.destroy = PaymentElement.prototype.unmount;
  PaymentElement.prototype.update = function () {};
  PaymentElement.prototype.focus = function () {
    var first = this._inputs[Object.keys(this._inputs)[0]];
    if (first) first.focus();
  };

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._clientSecret = options.clientSecret;
    this._locale = options.locale && options.locale !== 'auto' ? options.locale : navigator.language;
    this._element = null;
  }
  Elements.prototype.create = function (type) {
    if (type !== 'payment') throw new Error('Stripe (fake): only the payment element is implemented, not ' + type);
    this._element = new PaymentElement(this);
    return this._element;
  };
  Elements.prototype.getElement = function (type) { return type === 'payment' ? this._element : null; };
  Elements.prototype.update = function (options) { if (options && options.locale) this._locale = options.locale; };
  Elements.prototype.submit = function () {
    var error = this._element ? this._element._validate() : null;
    return Promise.resolve(error ? { error: error } : {});
  };

  function Stripe(key) {
    if (!(this instanceof Stripe)) return new Stripe(key);
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) throw new Error('Invalid API Key provided: expected a publishable key (pk_...)');
    this._key = key;
  }
  Stripe.prototype.elements = function (options) { return new Elements(this, options || {}); };
  Stripe.prototype.retrievePaymentIntent = function (clientSecret) {
    return api('GET', '/v1/payment_intents/' + intentId(clientSecret), { key: this._key, client_secret: clientSecret })
      .then(function (r) { return r.ok ? { paymentIntent: r.body } : { error: r.body.error }; });
  };
  Stripe.prototype.confirmPayment = function (options) {
    var opts = options || {};
    var elements = opts.elements;
    var confirmParams = opts.confirmParams || {};
    if (!confirmParams.return_url && opts.redirect !== 'if_required') {
      return Promise.reject(new Error('stripe.confirmPayment(): the confirmParams.return_url argument is required unless passing redirect: \\'if_required\\''));
    }
    var element = elements && elements._element;
    var invalid = element ? element._validate() : { type: 'validation_error', code: 'no_element', message: 'Mount the Payment Element first.' };
    if (invalid) return Promise.resolve({ error: invalid });
    var clientSecret = opts.clientSecret || elements._clientSecret;
    var data = Object.assign({ key: this._key, client_secret: clientSecret, return_url: confirmParams.return_url }, element._paymentMethodData());
    return api('POST', '/v1/payment_intents/' + intentId(clientSecret) + '/confirm', data).then(function (r) {
      if (!r.ok) return { error: r.body.error };
      var intent = r.body;
      if (opts.redirect === 'if_required') return { paymentIntent: intent };
      var url = new URL(confirmParams.return_url, location.href);
      url.searchParams.set('payment_intent', intent.id);
      url.searchParams.set('payment_intent_client_secret', clientSecret);
      url.searchParams.set('redirect_status', intent.status === 'succeeded' || intent.status === 'processing' ? 'succeeded' : 'failed');
      location.assign(url.toString());
      // The page is leaving, as with real Stripe.js: the promise never settles.
      return new Promise(function () {});
    });
  };
  Stripe.version = 3;
  window.Stripe = Stripe;
})();
`;

/** The script, with the API calls aimed at the fake that serves it. */
export function stripeJsSource(apiBase: string): string {
  return SOURCE.replace('__API__', JSON.stringify(apiBase));
}
