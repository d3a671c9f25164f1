"""Box Sign and Box AI: a sign request sent, signed through its signers' embed links and
finished with the signed document in its folder; templates; Box AI's local emulation answering
from an uploaded file; AI Studio agents named by id."""

import urllib.parse
import urllib.request

import pytest
from box_sdk_gen import (
    AiAgentReference,
    AiAgentReferenceTypeField,
    AiItemAsk,
    AiItemAskTypeField,
    AiItemBase,
    AiItemBaseTypeField,
    AiStudioAgentAsk,
    AiStudioAgentBasicTextTool,
    BoxAPIError,
    CreateAiAskMode,
    CreateAiExtractStructuredFields,
    CreateAiExtractStructuredFieldsOptionsField,
    CreateAiExtractStructuredMetadataTemplate,
    FileBase,
    FileBaseTypeField,
    FolderMini,
    FolderBaseTypeField,
    SignRequestCreateSigner,
    SignRequestCreateSignerRoleField,
)

from box_sdk_gen.managers.metadata_templates import CreateMetadataTemplateFields, CreateMetadataTemplateFieldsTypeField
from box_sdk_gen.schemas.ai_extract_sub_field import AiExtractSubField

from conftest import read_all, unique

BIOGRAPHY = b"My name is John Doe. I live in San Francisco. I was born in 4th July 1990. I am 34 years old. I work at Box. My hobby is guitar."

INVOICE = (
    "Invoice from Acme Supplies. Payment is due within 30 days of delivery.\n"
    "Invoice number: INV-2041\nVendor: Acme Supplies\nTotal: $1,250.50\nDue date: 2026-03-31\nRegion: EMEA\n"
    "Late payments carry a fee of 2 percent per month.\n"
)


def _sign_page(url, action):
    """Posts the signing page's form, as a signer's browser does, and returns the status."""
    request = urllib.request.Request(f"{url}/{action}", data=urllib.parse.urlencode({}).encode(), method="POST")
    with urllib.request.urlopen(request) as response:
        return response.status


def _send(admin, workspace, upload, emails):
    document = upload(workspace.id, "contract.txt", b"Contract\nParty: Ann\n")
    signers = [SignRequestCreateSigner(email=email, role=SignRequestCreateSignerRoleField.SIGNER,
                                       embed_url_external_user_id=email) for email in emails]
    request = admin.sign_requests.create_sign_request(
        signers, source_files=[FileBase(id=document.id, type=FileBaseTypeField.FILE)],
        parent_folder=FolderMini(id=workspace.id, type=FolderBaseTypeField.FOLDER), name="Contract")
    return document, request


def _status(request):
    return getattr(request.status, "value", request.status)


def test_sign_request_signed_by_two_embedded_signers_leaves_the_signed_document(admin, workspace, upload):
    _, created = _send(admin, workspace, upload, ["ann@signers.example.com", "ben@signers.example.com"])
    sent = admin.sign_requests.get_sign_request_by_id(created.id)
    links = [signer.embed_url for signer in sent.signers if signer.embed_url]

    statuses = [_sign_page(link, "sign") for link in links]
    done = admin.sign_requests.get_sign_request_by_id(created.id)

    assert (_status(created), _status(sent), statuses, _status(done)) == ("converting", "sent", [200, 200], "signed")
    names = [entry.name for entry in admin.folders.get_folder_items(workspace.id).entries]
    assert sorted(names) == ["Contract signing log.pdf", "contract.pdf", "contract.txt"]
    assert [file.name for file in created.sign_files.files] == ["contract.pdf"]
    assert read_all(admin.downloads.download_file(done.sign_files.files[0].id)).startswith(b"%PDF-1.4")
    assert done.sign_files.files[0].id in [entry.id for entry in admin.folders.get_folder_items(workspace.id).entries]


def test_sign_request_is_listed_cancelled_and_not_resent(admin, workspace, upload):
    _, created = _send(admin, workspace, upload, ["ann@signers.example.com"])

    listed = [entry.id for entry in admin.sign_requests.get_sign_requests(limit=1000).entries]
    cancelled = admin.sign_requests.cancel_sign_request(created.id)

    assert created.id in listed
    assert _status(cancelled) == "cancelled"
    with pytest.raises(BoxAPIError) as raised:
        admin.sign_requests.resend_sign_request(created.id)
    assert raised.value.response_info.status_code == 400


def test_seeded_sign_templates_list_and_read(admin):
    templates = admin.sign_templates.get_sign_templates().entries

    read = admin.sign_templates.get_sign_template_by_id(templates[0].id)

    assert [template.name for template in templates] == ["Mutual NDA", "Offer letter"]
    assert read.source_files[0].id == templates[0].source_files[0].id


def test_ai_ask_answers_from_the_uploaded_file_with_a_citation(admin, workspace, upload):
    invoice = upload(workspace.id, "invoice.txt", INVOICE.encode())

    response = admin.ai.create_ai_ask(
        CreateAiAskMode.SINGLE_ITEM_QA, "What fee applies to late payments?",
        [AiItemAsk(id=invoice.id, type=AiItemAskTypeField.FILE)], include_citations=True)

    assert response.answer == "Late payments carry a fee of 2 percent per month."
    assert [(citation.id, citation.name) for citation in response.citations] == [(invoice.id, "invoice.txt")]


def test_ai_extract_structured_fills_typed_fields_from_the_uploaded_file(admin, workspace, upload):
    invoice = upload(workspace.id, "invoice.txt", INVOICE.encode())

    response = admin.ai.create_ai_extract_structured(
        [AiItemBase(id=invoice.id, type=AiItemBaseTypeField.FILE)],
        fields=[
            CreateAiExtractStructuredFields("invoiceNumber", type="string"),
            CreateAiExtractStructuredFields("total", type="float"),
            CreateAiExtractStructuredFields(
                "region", type="enum",
                options=[CreateAiExtractStructuredFieldsOptionsField("AMER"), CreateAiExtractStructuredFieldsOptionsField("EMEA")]),
        ])

    answer = response.answer if isinstance(response.answer, dict) else response.answer.to_dict()
    assert (answer["invoiceNumber"], answer["total"], answer["region"]) == ("INV-2041", 1250.5, "EMEA")


def test_ai_studio_agent_is_created_used_by_ask_and_deleted(admin, workspace, upload):
    invoice = upload(workspace.id, "invoice.txt", INVOICE.encode())
    agent = admin.ai_studio.create_ai_agent(
        unique("agent"), "enabled",
        ask=AiStudioAgentAsk("enabled", "Answers about invoices", basic_text=AiStudioAgentBasicTextTool(model="compat-model")))

    response = admin.ai.create_ai_ask(
        CreateAiAskMode.SINGLE_ITEM_QA, "When is payment due?", [AiItemAsk(id=invoice.id, type=AiItemAskTypeField.FILE)],
        ai_agent=AiAgentReference(id=agent.id, type=AiAgentReferenceTypeField.AI_AGENT_ID))
    admin.ai_studio.delete_ai_agent_by_id(agent.id)

    assert response.ai_agent_info.models[0].name == "compat-model"
    with pytest.raises(BoxAPIError) as raised:
        admin.ai_studio.get_ai_agent_by_id(agent.id)
    assert raised.value.response_info.status_code == 404


def test_ai_extract_answers_the_names_the_prompt_lists_from_sentences(admin, workspace, upload):
    biography = upload(workspace.id, "biography.txt", BIOGRAPHY)

    response = admin.ai.create_ai_extract(
        "firstName, lastName, location, yearOfBirth, company", [AiItemBase(id=biography.id, type=AiItemBaseTypeField.FILE)])

    assert response.answer == ('{"firstName": "John", "lastName": "Doe", "location": "San Francisco", '
                               '"yearOfBirth": "1990", "company": "Box"}')


def test_ai_extract_structured_reads_sentences_with_inline_dates_as_days(admin, workspace, upload):
    biography = upload(workspace.id, "biography.txt", BIOGRAPHY)

    response = admin.ai.create_ai_extract_structured(
        [AiItemBase(id=biography.id, type=AiItemBaseTypeField.FILE)],
        fields=[
            CreateAiExtractStructuredFields("firstName", display_name="First name", prompt="What is your first name?", type="string"),
            CreateAiExtractStructuredFields("dateOfBirth", display_name="Date of birth", type="date"),
            CreateAiExtractStructuredFields("age", display_name="Age", type="float"),
            CreateAiExtractStructuredFields(
                "hobby", type="multiSelect",
                options=[CreateAiExtractStructuredFieldsOptionsField("guitar"), CreateAiExtractStructuredFieldsOptionsField("books")]),
            CreateAiExtractStructuredFields(
                "work", type="struct", fields=[AiExtractSubField(key="company"), AiExtractSubField(key="city")]),
        ])

    answer = response.answer if isinstance(response.answer, dict) else response.answer.to_dict()
    assert (answer["firstName"], answer["dateOfBirth"], answer["age"], answer["hobby"]) == ("John", "1990-07-04", 34, ["guitar"])
    assert answer["work"] == {"company": "Box", "city": "San Francisco"}


def test_ai_extract_structured_writes_a_templates_date_as_a_date_time(admin, workspace, upload):
    biography = upload(workspace.id, "biography.txt", BIOGRAPHY)
    key = unique("person").replace("-", "")
    admin.metadata_templates.create_metadata_template(
        "enterprise", "Person", template_key=key,
        fields=[CreateMetadataTemplateFields(CreateMetadataTemplateFieldsTypeField.STRING, "lastName", "Last name"),
                CreateMetadataTemplateFields(CreateMetadataTemplateFieldsTypeField.DATE, "dateOfBirth", "Date of birth")])

    response = admin.ai.create_ai_extract_structured(
        [AiItemBase(id=biography.id, type=AiItemBaseTypeField.FILE)],
        metadata_template=CreateAiExtractStructuredMetadataTemplate(template_key=key, scope="enterprise"))

    answer = response.answer if isinstance(response.answer, dict) else response.answer.to_dict()
    assert (answer["lastName"], answer["dateOfBirth"]) == ("Doe", "1990-07-04T00:00:00Z")
