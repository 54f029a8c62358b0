#include "tests/codec/validator_quickfix_reference.h"

#include "quickfix/DataDictionary.h"
#include "quickfix/Exceptions.h"
#include "quickfix/Message.h"

namespace fixwire_qfref {

struct QfReference::Impl {
  std::unique_ptr<FIX::DataDictionary> transport;
  std::unique_ptr<FIX::DataDictionary> application;  // null for FIX 4.x
};

std::unique_ptr<QfReference> QfReference::Load(const std::string& transport_path,
                                               const std::string& application_path,
                                               std::string* error) {
  std::unique_ptr<Impl> impl(new Impl);
  try {
    impl->transport.reset(new FIX::DataDictionary(transport_path));
    if (!application_path.empty()) {
      impl->application.reset(new FIX::DataDictionary(application_path));
    }
  } catch (const std::exception& e) {
    *error = e.what();
    return nullptr;
  }
  return std::unique_ptr<QfReference>(new QfReference(impl.release()));
}

QfReference::~QfReference() { delete impl_; }

QfVerdict QfReference::Validate(const std::string& bytes) const {
  QfVerdict v;
  const FIX::DataDictionary& session = *impl_->transport;
  const FIX::DataDictionary& app = impl_->application ? *impl_->application : session;
  try {
    FIX::Message message(bytes, session, app, true);
    FIX::DataDictionary::validate(message, &session, &app);
    v.valid = true;
  } catch (const FIX::InvalidTagNumber& e) {
    v.reason = 0, v.tag = e.field, v.what = e.what();
  } catch (const FIX::RequiredTagMissing& e) {
    v.reason = 1, v.tag = e.field, v.what = e.what();
  } catch (const FIX::TagNotDefinedForMessage& e) {
    v.reason = 2, v.tag = e.field, v.what = e.what();
  } catch (const FIX::NoTagValue& e) {
    v.reason = 4, v.tag = e.field, v.what = e.what();
  } catch (const FIX::IncorrectTagValue& e) {
    v.reason = 5, v.tag = e.field, v.what = e.what();
  } catch (const FIX::IncorrectDataFormat& e) {
    v.reason = 6, v.tag = e.field, v.what = e.what();
  } catch (const FIX::InvalidMessageType& e) {
    v.reason = 11, v.what = e.what();
  } catch (const FIX::RepeatedTag& e) {
    v.reason = 13, v.tag = e.field, v.what = e.what();
  } catch (const FIX::TagOutOfOrder& e) {
    v.reason = 14, v.tag = e.field, v.what = e.what();
  } catch (const FIX::RepeatingGroupCountMismatch& e) {
    v.reason = 16, v.tag = e.field, v.what = e.what();
  } catch (const FIX::Exception& e) {
    v.reason = -1, v.what = e.what();
  } catch (const std::exception& e) {
    v.reason = -1, v.what = e.what();
  }
  return v;
}

}  // namespace fixwire_qfref
