/*
 * A stand-in for Stripe.js (https://js.stripe.com/v3), served by the store
 * only while the Stripe simulator is active. It offers what the checkout
 * uses — Stripe(), elements(), the Payment Element and confirmPayment() —
 * and talks to the simulator through the store at /dev/stripe-api, so a
 * local checkout works in a browser with no internet. It is not Stripe.js:
 * card numbers typed here go to the local simulator only.
 */
(function () {
  'use strict';
  var API = '/dev/stripe-api';

  function form(params) {
    return Object.keys(params)
      .filter(function (k) {
        return params[k] !== undefined && params[k] !== null;
      })
      .map(function (k) {
        return encodeURIComponent(k) + '=' + encodeURIComponent(params[k]);
      })
      .join('&');
  }

  function call(key, method, path, params) {
    return fetch(API + path + (method === 'GET' && params ? '?' + form(params) : ''), {
      method: method,
      headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : form(params || {}),
    }).then(function (res) {
      return res.json().then(function (body) {
        return { ok: res.ok, body: body };
      });
    });
  }

  function intentIdOf(clientSecret) {
    return String(clientSecret).split('_secret_')[0];
  }

  function Emitter() {
    this.handlers = {};
  }
  Emitter.prototype.on = function (event, handler) {
    (this.handlers[event] = this.handlers[event] || []).push(handler);
    return this;
  };
  Emitter.prototype.off = function (event, handler) {
    this.handlers[event] = (this.handlers[event] || []).filter(function (h) {
      return h !== handler;
    });
    return this;
  };
  Emitter.prototype.once = function (event, handler) {
    var self = this;
    function wrapped(e) {
      self.off(event, wrapped);
      handler(e);
    }
    return this.on(event, wrapped);
  };
  Emitter.prototype.emit = function (event, payload) {
    (this.handlers[event] || []).slice().forEach(function (h) {
      h(payload);
    });
  };

  var FIELDS = [
    {
      name: 'number',
      label: 'Card number',
      placeholder: '4242 4242 4242 4242',
      autocomplete: 'cc-number',
      inputmode: 'numeric',
    },
    {
      name: 'expiry',
      label: 'Expiration (MM / YY)',
      placeholder: 'MM / YY',
      autocomplete: 'cc-exp',
      inputmode: 'numeric',
    },
    { name: 'cvc', label: 'CVC', placeholder: '123', autocomplete: 'cc-csc', inputmode: 'numeric' },
    { name: 'postal', label: 'ZIP', placeholder: '12345', autocomplete: 'postal-code', inputmode: 'text' },
  ];

  function PaymentElement() {
    Emitter.call(this);
    this.container = null;
    this.inputs = {};
  }
  PaymentElement.prototype = Object.create(Emitter.prototype);

  PaymentElement.prototype.mount = function (target) {
    var self = this;
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    var box = document.createElement('div');
    box.setAttribute('data-testid', 'stripe-standin-payment-element');
    box.style.cssText = 'display:grid;gap:8px;font:inherit';
    var banner = document.createElement('p');
    banner.textContent = 'Test mode: use 4242 4242 4242 4242, any future date and any CVC. No real payment is made.';
    banner.style.cssText = 'margin:0;padding:6px 8px;border-radius:6px;background:#fff4e5;color:#7a4100;font-size:13px';
    box.appendChild(banner);
    FIELDS.forEach(function (field) {
      var id = 'stripe-standin-' + field.name;
      var label = document.createElement('label');
      label.htmlFor = id;
      label.textContent = field.label;
      label.style.cssText = 'display:grid;gap:4px;font-size:14px';
      var input = document.createElement('input');
      input.id = id;
      input.name = field.name;
      input.placeholder = field.placeholder;
      input.autocomplete = field.autocomplete;
      input.inputMode = field.inputmode;
      input.style.cssText = 'padding:8px 10px;border:1px solid #c4c9d2;border-radius:6px;font:inherit';
      input.addEventListener('input', function () {
        self.emit('change', self.state());
      });
      input.addEventListener('focus', function () {
        self.emit('focus', { elementType: 'payment' });
      });
      input.addEventListener('blur', function () {
        self.emit('blur', { elementType: 'payment' });
      });
      label.appendChild(input);
      box.appendChild(label);
      self.inputs[field.name] = input;
    });
    host.appendChild(box);
    this.container = box;
    setTimeout(function () {
      self.emit('ready', { elementType: 'payment' });
    }, 0);
  };

  PaymentElement.prototype.values = function () {
    var v = {};
    Object.keys(this.inputs).forEach(function (k) {
      v[k] = this.inputs[k].value.trim();
    }, this);
    return v;
  };

  /** Why the card cannot be sent yet, as Stripe.js words it, or null. */
  PaymentElement.prototype.problem = function () {
    var v = this.values();
    if (v.number.replace(/\s/g, '').length < 12) return 'Your card number is incomplete.';
    if (!/^\s*\d{1,2}\s*\/\s*\d{2,4}\s*$/.test(v.expiry)) return "Your card's expiration date is incomplete.";
    if (!/^\d{3,4}$/.test(v.cvc)) return "Your card's security code is incomplete.";
    if (!v.postal) return 'Your ZIP is incomplete.';
    return null;
  };

  PaymentElement.prototype.state = function () {
    var v = this.values();
    return {
      elementType: 'payment',
      complete: this.problem() === null,
      empty: !v.number && !v.expiry && !v.cvc && !v.postal,
      collapsed: false,
      value: { type: 'card' },
    };
  };

  PaymentElement.prototype.update = function () {};
  PaymentElement.prototype.focus = function () {
    if (this.inputs.number) this.inputs.number.focus();
  };
  PaymentElement.prototype.blur = function () {};
  PaymentElement.prototype.clear = function () {
    Object.keys(this.inputs).forEach(function (k) {
      this.inputs[k].value = '';
    }, this);
  };
  PaymentElement.prototype.unmount = function () {
    if (this.container && this.container.parentNode) this.container.parentNode.removeChild(this.container);
    this.container = null;
  };
  PaymentElement.prototype.destroy = PaymentElement.prototype.unmount;

  function Elements(stripe, options) {
    this.stripe = stripe;
    this.options = options || {};
    this.created = {};
  }
  Elements.prototype.create = function (type) {
    if (type !== 'payment') throw new Error('The Stripe.js stand-in offers the Payment Element only');
    return (this.created[type] = new PaymentElement());
  };
  Elements.prototype.getElement = function (type) {
    return this.created[type] || null;
  };
  Elements.prototype.update = function (options) {
    Object.assign(this.options, options);
  };
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };
  Elements.prototype.submit = function () {
    var element = this.created.payment;
    var problem = element ? element.problem() : 'The payment form is not ready.';
    return Promise.resolve(problem ? { error: { type: 'validation_error', message: problem } } : {});
  };

  /** The 3-D Secure dialog, as the bank would show it for a card that needs authentication. */
  function authenticate() {
    return new Promise(function (resolve) {
      var shade = document.createElement('div');
      shade.setAttribute('role', 'dialog');
      shade.setAttribute('aria-modal', 'true');
      shade.setAttribute('aria-label', 'Authenticate your payment');
      shade.style.cssText =
        'position:fixed;inset:0;background:rgba(0,0,0,.45);display:grid;place-items:center;z-index:2147483647';
      var card = document.createElement('div');
      card.style.cssText =
        'background:#fff;padding:24px;border-radius:10px;max-width:360px;font:15px system-ui,sans-serif';
      // Styles through the DOM, not in markup, which the store's Content-Security-Policy refuses.
      var title = document.createElement('h2');
      title.textContent = 'Test payment authentication';
      title.style.cssText = 'margin:0 0 8px;font-size:18px';
      var note = document.createElement('p');
      note.textContent = 'This test card needs 3-D Secure. Complete or fail the authentication.';
      note.style.cssText = 'margin:0 0 16px';
      card.appendChild(title);
      card.appendChild(note);
      [
        ['Complete', 'succeed'],
        ['Fail', 'fail'],
      ].forEach(function (choice) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = choice[0];
        button.style.cssText = 'margin-right:8px;padding:8px 14px';
        button.addEventListener('click', function () {
          document.body.removeChild(shade);
          resolve(choice[1]);
        });
        card.appendChild(button);
      });
      shade.appendChild(card);
      document.body.appendChild(shade);
      card.querySelector('button').focus();
    });
  }

  function StripeStandin(publishableKey) {
    if (!(this instanceof StripeStandin)) return new StripeStandin(publishableKey);
    this.key = publishableKey;
  }

  StripeStandin.prototype.elements = function (options) {
    return new Elements(this, options);
  };
  StripeStandin.prototype.registerAppInfo = function () {};
  StripeStandin.prototype._registerWrapper = function () {};

  // @stripe/react-stripe-js accepts only an object that has these; the store's checkout never calls them.
  ['createToken', 'createPaymentMethod', 'confirmCardPayment'].forEach(function (name) {
    StripeStandin.prototype[name] = function () {
      return Promise.resolve({
        error: { type: 'invalid_request_error', message: name + ' is not offered by the Stripe.js stand-in' },
      });
    };
  });

  StripeStandin.prototype.retrievePaymentIntent = function (clientSecret) {
    return call(this.key, 'GET', '/v1/payment_intents/' + intentIdOf(clientSecret), {
      client_secret: clientSecret,
    }).then(function (r) {
      return r.ok ? { paymentIntent: r.body } : { error: r.body.error };
    });
  };

  StripeStandin.prototype.confirmPayment = function (params) {
    var key = this.key;
    var elements = params.elements;
    var clientSecret = params.clientSecret || (elements && elements.options.clientSecret);
    var element = elements && elements.getElement('payment');
    var problem = element ? element.problem() : 'The payment form is not ready.';
    if (problem) return Promise.resolve({ error: { type: 'validation_error', message: problem } });
    var v = element.values();
    var expiry = v.expiry.split('/');
    var intentId = intentIdOf(clientSecret);
    return call(key, 'POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': v.number.replace(/\s/g, ''),
      'card[exp_month]': expiry[0].trim(),
      'card[exp_year]': expiry[1].trim(),
      'card[cvc]': v.cvc,
      'billing_details[address][postal_code]': v.postal,
    })
      .then(function (created) {
        if (!created.ok) return created;
        return call(key, 'POST', '/v1/payment_intents/' + intentId + '/confirm', {
          client_secret: clientSecret,
          payment_method: created.body.id,
          return_url: params.confirmParams && params.confirmParams.return_url,
        });
      })
      .then(function (confirmed) {
        if (!confirmed.ok) return { error: confirmed.body.error };
        if (confirmed.body.status !== 'requires_action') return { paymentIntent: confirmed.body };
        return authenticate()
          .then(function (outcome) {
            return call(key, 'POST', '/_simulator/authenticate/' + intentId, {
              client_secret: clientSecret,
              outcome: outcome,
            });
          })
          .then(function (done) {
            return done.ok ? { paymentIntent: done.body } : { error: done.body.error };
          });
      });
  };

  // The release @stripe/stripe-js expects, so that it does not warn of a mismatch.
  StripeStandin.version = 'endive';
  StripeStandin.standin = true;
  window.Stripe = StripeStandin;
})();
